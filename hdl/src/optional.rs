//! A part of a block (a port, a signal, a sub-block) that some builds of
//! the block have and others do not, so that a refinement can be built
//! into a block without changing a bit of the Verilog of the block built
//! without it (`CellPlayout::refined` beside `CellPlayout::new`).
//!
//! An absent part is still there for the block's kernel to name, so that
//! one kernel serves both builds, but it is neither simulated nor visited:
//! no port, signal or module of it reaches the Verilog. The kernel touches
//! the part only inside `for _part in 0..self.part.len()`: rust-hdl unrolls
//! a loop when it writes the Verilog (and the simulation runs it), so the
//! body is there once when the part is present and not at all when it is
//! absent. A present part is named as the field itself (no `$0` of an
//! array), so a parent reaches an optional port of a block it holds in an
//! array (`engines[e].recent`) as it reaches any other.

use rust_hdl::prelude::*;
use std::ops::{Deref, DerefMut};

/// A part present in some builds of its block only.
#[derive(Clone, Debug, Default)]
pub struct Optional<B> {
    part: B,
    present: bool,
}

impl<B> Optional<B> {
    /// The part, present.
    pub fn present(part: B) -> Optional<B> {
        Optional {
            part,
            present: true,
        }
    }

    /// The part absent (`part` is what the kernel names, never built).
    pub fn absent(part: B) -> Optional<B> {
        Optional {
            part,
            present: false,
        }
    }

    /// 1 when the part is present, else 0: the count of the kernel's loop
    /// over it.
    pub fn len(&self) -> usize {
        usize::from(self.present)
    }

    /// Whether the part is absent.
    pub fn is_empty(&self) -> bool {
        !self.present
    }
}

impl<B> Deref for Optional<B> {
    type Target = B;

    fn deref(&self) -> &B {
        &self.part
    }
}

impl<B> DerefMut for Optional<B> {
    fn deref_mut(&mut self) -> &mut B {
        &mut self.part
    }
}

impl<B: Block> Logic for Optional<B> {
    /// The part's own update runs in [`Block::update_all`].
    fn update(&mut self) {}

    /// A kernel that drives the part (a port) claims it.
    fn connect(&mut self) {
        if self.present {
            self.part.connect();
        }
    }
}

impl<B: Block> Block for Optional<B> {
    fn connect_all(&mut self) {
        if self.present {
            self.part.connect_all();
        }
    }

    fn update_all(&mut self) {
        if self.present {
            self.part.update_all();
        }
    }

    fn has_changed(&self) -> bool {
        self.present && self.part.has_changed()
    }

    fn accept(&self, name: &str, probe: &mut dyn Probe) {
        if self.present {
            self.part.accept(name, probe);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block with an optional port and an optional register.
    #[derive(LogicBlock, Default)]
    struct Counter {
        clock: Signal<In, Clock>,
        step: Optional<Signal<In, Bits<4>>>,
        count: Signal<Out, Bits<4>>,
        total: Optional<DFF<Bits<4>>>,
    }

    impl Logic for Counter {
        #[hdl_gen]
        fn update(&mut self) {
            self.count.next = 1.into();
            for _part in 0..self.step.len() {
                self.total.clock.next = self.clock.val();
                self.total.d.next = self.total.q.val() + self.step.val();
                self.count.next = self.total.q.val();
            }
        }
    }

    fn verilog(counter: Counter) -> String {
        crate::verilog::verilog_of(counter)
    }

    #[test]
    fn an_absent_part_leaves_no_trace_and_a_present_one_is_named_as_its_field() {
        let absent = verilog(Counter::default());
        assert!(
            !absent.contains("step") && !absent.contains("total"),
            "{absent}"
        );
        assert!(absent.contains("count = 32'h1;"), "{absent}");
        let present = verilog(Counter {
            step: Optional::present(Default::default()),
            total: Optional::present(Default::default()),
            ..Default::default()
        });
        assert!(present.contains("input wire  [3:0] step;"), "{present}");
        assert!(present.contains("total$d = total$q + step;"), "{present}");
        assert!(present.contains("count = total$q;"), "{present}");
    }
}
