//! Raw mode for a terminal: every byte passes through unchanged, in both directions.
//!
//! A board's UART never echoes, never turns CR into LF, never treats 0x03 as an interrupt
//! or 0x11/0x13 as flow control. A pseudo-terminal does all of that by default, so its
//! host side is put in raw mode before anyone opens it, and the settings are read back
//! to prove they took. Settings made on the host side persist while the simulator holds
//! the pseudo-terminal, so a host that configures nothing still gets a clean 8-bit line.

use std::os::unix::io::RawFd;
use std::path::Path;

use nix::sys::termios::{
    cfmakeraw, tcgetattr, tcsetattr, ControlFlags, InputFlags, LocalFlags, OutputFlags, SetArg,
    SpecialCharacterIndices,
};

use crate::error::PtyError;

/// Input processing that must be off: CR/LF mapping, stripping the 8th bit, software flow
/// control, break and parity handling.
const INPUT_OFF: InputFlags = InputFlags::IGNBRK
    .union(InputFlags::BRKINT)
    .union(InputFlags::IGNPAR)
    .union(InputFlags::PARMRK)
    .union(InputFlags::INPCK)
    .union(InputFlags::ISTRIP)
    .union(InputFlags::INLCR)
    .union(InputFlags::IGNCR)
    .union(InputFlags::ICRNL)
    .union(InputFlags::IXON)
    .union(InputFlags::IXOFF)
    .union(InputFlags::IXANY);

/// Local processing that must be off: echo, line editing, signal characters, extensions.
const LOCAL_OFF: LocalFlags = LocalFlags::ECHO
    .union(LocalFlags::ECHOE)
    .union(LocalFlags::ECHOK)
    .union(LocalFlags::ECHONL)
    .union(LocalFlags::ICANON)
    .union(LocalFlags::ISIG)
    .union(LocalFlags::IEXTEN);

/// Puts the terminal open on `fd` (whose path is `path`, for messages) in raw 8-bit mode:
/// reads return as soon as one byte is there, nothing is echoed, mapped or interpreted.
pub(crate) fn make_raw(fd: RawFd, path: &Path) -> Result<(), PtyError> {
    let failed = |errno: nix::Error| PtyError::RawMode {
        path: path.to_owned(),
        source: errno.into(),
    };
    let mut termios = tcgetattr(fd).map_err(failed)?;
    cfmakeraw(&mut termios);
    termios.input_flags.remove(INPUT_OFF);
    termios.output_flags.remove(OutputFlags::OPOST);
    termios.local_flags.remove(LOCAL_OFF);
    termios
        .control_flags
        .remove(ControlFlags::CSIZE | ControlFlags::PARENB | ControlFlags::CSTOPB);
    termios
        .control_flags
        .insert(ControlFlags::CS8 | ControlFlags::CREAD | ControlFlags::CLOCAL);
    termios.control_chars[SpecialCharacterIndices::VMIN as usize] = 1;
    termios.control_chars[SpecialCharacterIndices::VTIME as usize] = 0;
    tcsetattr(fd, SetArg::TCSANOW, &termios).map_err(failed)?;
    check_raw(fd, path)
}

/// Reads the settings of the terminal open on `fd` back and fails, naming the culprits,
/// unless they are raw.
pub(crate) fn check_raw(fd: RawFd, path: &Path) -> Result<(), PtyError> {
    let termios = tcgetattr(fd).map_err(|errno| PtyError::RawMode {
        path: path.to_owned(),
        source: errno.into(),
    })?;
    let mut wrong = Vec::new();
    let input = termios.input_flags & INPUT_OFF;
    if !input.is_empty() {
        wrong.push(format!("input flags {input:?} are set"));
    }
    if termios.output_flags.contains(OutputFlags::OPOST) {
        wrong.push("output processing (OPOST) is on".to_owned());
    }
    let local = termios.local_flags & LOCAL_OFF;
    if !local.is_empty() {
        wrong.push(format!("local flags {local:?} are set"));
    }
    if termios.control_flags & ControlFlags::CSIZE != ControlFlags::CS8 {
        wrong.push("characters are not 8 bits (CS8)".to_owned());
    }
    if termios.control_flags.contains(ControlFlags::PARENB) {
        wrong.push("parity (PARENB) is on".to_owned());
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(PtyError::RawModeRejected {
            path: path.to_owned(),
            what: wrong.join(", "),
        })
    }
}
