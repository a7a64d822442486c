//! A request to the SDRAM, as the controller's port takes it.

use rust_hdl::prelude::*;

/// The structs: rust-hdl's `LogicStruct` derive adds undocumented methods.
#[allow(missing_docs)]
mod structs {
    use super::*;

    /// A request to the SDRAM.
    #[derive(Clone, Copy, Debug, Default, PartialEq, LogicStruct)]
    pub struct SdramRequest {
        /// A write (else a read).
        pub write: Bit,
        /// A `sync` (the other fields unused), taken idle or refreshing:
        /// the refresh count restarted, a refresh (after the one under way),
        /// no request taken for `model::sdram::SYNC_CYCLES`.
        pub sync: Bit,
        /// The first word: `row << 11 | bank << 9 | column`.
        pub address: Bits<24>,
        /// The beats less one (0 to 255: 1 to 256 words), all in the row.
        pub last_beat: Bits<8>,
    }
}
pub use structs::SdramRequest;

impl SdramRequest {
    /// A read of `beats` (1 to 256) words from `address`.
    pub fn read(address: u32, beats: u32) -> SdramRequest {
        SdramRequest::access(false, address, beats)
    }

    /// A write of `beats` (1 to 256) words from `address`.
    pub fn write(address: u32, beats: u32) -> SdramRequest {
        SdramRequest::access(true, address, beats)
    }

    /// A `sync`.
    pub fn sync() -> SdramRequest {
        SdramRequest {
            sync: true,
            ..Default::default()
        }
    }

    fn access(write: bool, address: u32, beats: u32) -> SdramRequest {
        assert!(
            (1..=256).contains(&beats),
            "an access has 1 to 256 beats, not {beats}"
        );
        SdramRequest {
            write,
            sync: false,
            address: u64::from(address).into(),
            last_beat: u64::from(beats - 1).into(),
        }
    }
}
