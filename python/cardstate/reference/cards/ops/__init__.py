"""The operations of a program (docs/CARDS.md lists them), one module per family, each a class
of ``op_<name>`` methods that ``Resolution`` inherits: a method returns None to go on with the
next operation, a request to stop for a choice, or ``JUMPED`` after setting the program counter
itself. The families mirror ``rust/effects/src/runtime/ops``."""
