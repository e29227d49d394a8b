//! Enums whose lists of variants cannot miss one: the list is written by the same macro as the
//! enum, from the same words, so a new variant is in its list by being declared there.

/// Declares an enum of unit variants in named groups, and on it, for each group, a constant
/// array of its variants in the order written: `ALL` in `enum Setting { ALL: [A, B] }`. The
/// variants are declared in that order too.
macro_rules! listed {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$list_meta:meta])*
                $list:ident: [ $( $(#[$variant_meta:meta])* $variant:ident ),* $(,)? ]
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $( $(#[$variant_meta])* $variant, )* )*
        }

        impl $name {
            $(
                $(#[$list_meta])*
                pub const $list: [$name; [$(stringify!($variant)),*].len()] =
                    [$($name::$variant),*];
            )*
        }
    };
}
