//! Sets PyO3's cfgs (`Py_GIL_DISABLED` and the version cfgs) for the interpreter being built
//! for: the `Event` free list is only sound with a GIL.
fn main() {
    pyo3_build_config::use_pyo3_cfgs();
}
