//! The move-code blocks against `model::move_code` in rust-hdl's
//! simulator: the decoder on every code of the model's sweep (the codes'
//! alphabets and their neighbouring bytes) and the encoder on every shape
//! at every corner, every output bit; and their Verilog lints clean.

#[path = "common/rows.rs"]
mod rows;

use hdl::move_code::{code_bits, CodeDecoder, CodeEncoder};
use model::move_code::{decode, encode, nearby_codes, Decoded};
use rows::simulate_inputs;

#[test]
fn the_decoder_reads_every_nearby_code_as_the_model() {
    let codes: Vec<[u8; 4]> = nearby_codes().into_iter().chain([*b"0000"]).collect();
    let samples = simulate_inputs(
        CodeDecoder::new(),
        codes.clone(),
        |x, c| x.code.next = code_bits(*c).into(),
        |x| {
            (
                x.pass.val(),
                x.place.val(),
                x.shape.val().to_u64() as u8,
                x.corner.val().to_u64() as u8,
            )
        },
    );
    let mut places = 0;
    for (code, (pass, place, shape, corner)) in codes.iter().zip(samples) {
        let got = match (pass, place) {
            (true, false) => Decoded::Pass,
            (false, true) => Decoded::Place { shape, corner },
            (false, false) => Decoded::Invalid,
            (true, true) => panic!("{code:?}: both a pass and a placement"),
        };
        assert_eq!(got, decode(*code), "{:?}", String::from_utf8_lossy(code));
        places += usize::from(place);
    }
    assert!(places > 10_000);
}

#[test]
fn the_encoder_writes_every_shape_at_every_corner_as_the_model() {
    let inputs: Vec<(bool, u8, u8)> = (0..128u8)
        .flat_map(|s| (0..=255u8).map(move |c| (s % 5 == 4 && c % 64 == 0, s, c)))
        .filter(|&(_, s, c)| s < 91 || c % 17 == 0)
        .collect();
    let samples = simulate_inputs(
        CodeEncoder::new(),
        inputs.clone(),
        |x, &(pass, shape, corner)| {
            x.pass.next = pass;
            x.shape.next = u64::from(shape).into();
            x.corner.next = u64::from(corner).into();
        },
        |x| (x.code.val().to_u64() as u32).to_le_bytes(),
    );
    for (&(pass, shape, corner), got) in inputs.iter().zip(samples) {
        // Corners past the board have no model meaning but the same arithmetic.
        if corner < 196 || pass || shape >= 91 {
            assert_eq!(got, encode(pass, shape, corner), "{pass} {shape} {corner}");
        }
    }
}

#[test]
fn both_generate_verilog_that_verilator_lints_clean() {
    let (decoder, _) = rows::verilog_with_ports(
        &mut CodeDecoder::new(),
        &[
            "input wire [31:0] code",
            "output reg place",
            "output reg [7:0] corner",
        ],
    );
    rows::lint_verilog("code_decoder", &decoder);
    let (encoder, _) = rows::verilog_with_ports(
        &mut CodeEncoder::new(),
        &[
            "input wire pass",
            "input wire [6:0] shape",
            "output reg [31:0] code",
        ],
    );
    rows::lint_verilog("code_encoder", &encoder);
}
