//! `Clone` written field by field, for the states search copies again and again.

/// `Clone` copying field by field, `clone_from` included: the derive's `clone_from` makes a new
/// value, this one reuses each field's buffers (search copies a game or a duel into the same one
/// again and again). The fields are named once, and `clone`'s struct literal fails to compile if
/// one is left out (docs/PERFORMANCE.md, "A kernel copied over another keeps its buffers").
#[macro_export]
macro_rules! clone_fields {
    ($t:ident { $($f:ident),* $(,)? }) => {
        impl Clone for $t {
            fn clone(&self) -> $t {
                $t { $($f: self.$f.clone()),* }
            }

            fn clone_from(&mut self, src: &$t) {
                $(self.$f.clone_from(&src.$f);)*
            }
        }
    };
}
