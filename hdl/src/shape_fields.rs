//! Per-shape fields of wide values, as rust-hdl `LogicStruct`s: the 5
//! (shape, cell) pairs of each shape ([`ShapePairs`]).
//!
//! rust-hdl's kernel language has no concatenation, so a wide value built
//! from per-shape pieces has to be an OR of the pieces widened (`bit_cast`)
//! and shifted into place, or be written a bit at a time; Verilator's C++
//! computes every one of those terms at the full width every clock. A
//! signal of one of these types is written a field at a time instead
//! (`self.pairs.next.s5 = ...`), which rust-hdl writes as a Verilog
//! part-select assignment (`pairs[(25)+:(5)] = ...`) and Verilator as a
//! masked word or two. The hardware is the same: every bit is the same
//! function of the same inputs.
//!
//! [`with_shape_fields!`] hands the 91 `field index` pairs (`s0 0`, ...,
//! `s90 90`) to a macro, so that a block's `update` can name each field
//! (an HDL kernel cannot index a struct's fields by a loop variable).

use crate::tiles::SHAPES;
use rust_hdl::prelude::*;

/// Calls macro `$m` with the tokens given after it, a `;`, then the 91
/// pairs `s<i> <i>` of the 91 shapes separated by commas.
macro_rules! with_shape_fields {
    ($m:ident $($extra:tt)*) => {
        $m! {
            $($extra)* ;
            s0 0, s1 1, s2 2, s3 3, s4 4, s5 5, s6 6, s7 7, s8 8, s9 9,
            s10 10, s11 11, s12 12, s13 13, s14 14, s15 15, s16 16, s17 17, s18 18, s19 19,
            s20 20, s21 21, s22 22, s23 23, s24 24, s25 25, s26 26, s27 27, s28 28, s29 29,
            s30 30, s31 31, s32 32, s33 33, s34 34, s35 35, s36 36, s37 37, s38 38, s39 39,
            s40 40, s41 41, s42 42, s43 43, s44 44, s45 45, s46 46, s47 47, s48 48, s49 49,
            s50 50, s51 51, s52 52, s53 53, s54 54, s55 55, s56 56, s57 57, s58 58, s59 59,
            s60 60, s61 61, s62 62, s63 63, s64 64, s65 65, s66 66, s67 67, s68 68, s69 69,
            s70 70, s71 71, s72 72, s73 73, s74 74, s75 75, s76 76, s77 77, s78 78, s79 79,
            s80 80, s81 81, s82 82, s83 83, s84 84, s85 85, s86 86, s87 87, s88 88, s89 89,
            s90 90
        }
    };
}
pub(crate) use with_shape_fields;

/// Defines struct `$name`, a field `s<i>` of type `$ty` per shape `i`, the
/// lowest shape's field lowest; and its conversion from the same bits.
macro_rules! shape_struct {
    ($(#[$meta:meta])* $name:ident, $ty:ty ; $($field:ident $index:tt),*) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
        pub struct $name {
            $(
                #[doc = concat!("Shape ", stringify!($index), ".")]
                pub $field: $ty,
            )*
        }

        impl From<Bits<{ SHAPES * <$ty as Synth>::BITS }>> for $name {
            fn from(bits: Bits<{ SHAPES * <$ty as Synth>::BITS }>) -> $name {
                const W: usize = <$ty as Synth>::BITS;
                $name {
                    $($field: bits.get_bits::<W>(W * $index).into(),)*
                }
            }
        }
    };
}

/// The structs: rust-hdl's `LogicStruct` derive adds undocumented methods
/// (each field's width and offset, for the Verilog).
#[allow(missing_docs)]
mod structs {
    use super::*;

    with_shape_fields!(
        shape_struct
        /// A set of (shape, cell) pairs (`crate::cell_window::PairFits`):
        /// field `s<i>` is bits `5 i .. 5 i + 4`, shape `i`'s cells.
        ShapePairs, Bits<5>
    );
}
pub use structs::ShapePairs;

const _: () = assert!(SHAPES == 91);
const _: () = assert!(<ShapePairs as Synth>::BITS == SHAPES * 5);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_the_bits_in_order() {
        let pairs = Bits::<{ SHAPES * 5 }>::default()
            .replace_bit(5 * 5 + 3, true)
            .replace_bit(5 * 90 + 4, true);
        let fields = ShapePairs::from(pairs);
        assert_eq!(fields.s5, Bits::<5>::from(1u64 << 3));
        assert_eq!(fields.s90, Bits::<5>::from(1u64 << 4));
        assert_eq!(fields.s0, Bits::<5>::default());
        assert_eq!(Bits::<{ SHAPES * 5 }>::from(fields), pairs);
    }
}
