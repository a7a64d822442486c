//! The user's side of the controller as a port bundle: [`SdramClient`], as
//! a client holds it (requests out, the controller's answers in), and
//! [`SdramServer`], its mirror, as the block that serves the client holds
//! it. The signals are [`crate::Sdram`]'s user side (the module doc of
//! `crate::sdram` gives their timing).

use super::request::SdramRequest;
use rust_hdl::prelude::*;

/// The structs: rust-hdl's `LogicInterface` derive adds undocumented
/// methods (the join and link of each field).
#[allow(missing_docs)]
mod bundles {
    use super::*;

    /// The user's side as a client holds it.
    #[derive(LogicInterface, Default)]
    #[join = "SdramServer"]
    pub struct SdramClient {
        /// A request is presented.
        pub valid: Signal<Out, Bit>,
        /// The request.
        pub request: Signal<Out, SdramRequest>,
        /// An access presented now is taken.
        pub ready: Signal<In, Bit>,
        /// A `sync` presented now is taken.
        pub sync_ready: Signal<In, Bit>,
        /// The next cycle's `write_data` is a write's next word.
        pub write_strobe: Signal<In, Bit>,
        /// A write's word.
        pub write_data: Signal<Out, Bits<16>>,
        /// `read_data` is a read's word.
        pub read_valid: Signal<In, Bit>,
        /// A read's word.
        pub read_data: Signal<In, Bits<16>>,
    }

    /// The same signals as the serving block holds them.
    #[derive(LogicInterface, Default)]
    #[join = "SdramClient"]
    pub struct SdramServer {
        /// A request is presented.
        pub valid: Signal<In, Bit>,
        /// The request.
        pub request: Signal<In, SdramRequest>,
        /// An access presented now is taken.
        pub ready: Signal<Out, Bit>,
        /// A `sync` presented now is taken.
        pub sync_ready: Signal<Out, Bit>,
        /// The next cycle's `write_data` is a write's next word.
        pub write_strobe: Signal<Out, Bit>,
        /// A write's word.
        pub write_data: Signal<In, Bits<16>>,
        /// `read_data` is a read's word.
        pub read_valid: Signal<Out, Bit>,
        /// A read's word.
        pub read_data: Signal<Out, Bits<16>>,
    }
}
pub use bundles::{SdramClient, SdramServer};
