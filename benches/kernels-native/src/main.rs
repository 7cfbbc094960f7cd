//! The native anchor of benches/kernels.mjs: simdutf's kernels timed on the corpora the driver
//! wrote, the same way `runKernels` (benches/kernels-suite.mjs) times ours inside wasm: for each
//! corpus and kernel, iterations calibrated to about `--sample-ms`, the fastest of `--samples`
//! samples, in ns per UTF-16 code unit of the corpus.
//!
//!   kernel-native --samples 9 --sample-ms 15 --kernels encode,decode DIR
//!
//! DIR holds `corpora.txt` (one corpus name a line) and, per name, `NAME.utf16le` (the text's code
//! units), `NAME.wtf8` (its WTF-8) and `NAME.slices` (the byte length of each slice's WTF-8, a
//! line each: the text is that many slices of the same number of units, one after the other, and
//! call `i` converts slice `i % slices`, as in wasm). simdutf has no WTF-8, so only well-formed
//! corpora are timed (a corpus with a slice whose units are not valid UTF-16 is skipped), and each
//! kernel of ours is set against simdutf's conversion of the same data:
//!
//! | ours | simdutf |
//! |---|---|
//! | `encode`, `toUtf8` | `convert_utf16le_to_utf8` |
//! | `decode`, `decode.fatal` | `convert_utf8_to_utf16le` (it validates, like the strict decode) |
//! | `isWtf8` | `validate_utf8` |
//! | `validUpTo`, `lone` | `validate_utf16le` |
//!
//! Which of simdutf's implementations runs is chosen by its own environment variable,
//! `SIMDUTF_FORCE_IMPLEMENTATION` (the driver sets `westmere`, the SSE kernels). An unknown name
//! makes every call fail, which the output checks catch. Prints one JSON object.

use std::hint::black_box;
use std::time::Instant;

/// Our kernels' names, simdutf's function, and one call of it.
type Kernel<'a> = (&'a [&'a str], &'a str, &'a mut dyn FnMut() -> usize);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|at| args.get(at + 1))
            .cloned()
    };
    let samples: u32 = option("--samples").map_or(9, |s| s.parse().expect("--samples N"));
    let sample_ms: f64 = option("--sample-ms").map_or(15.0, |s| s.parse().expect("--sample-ms MS"));
    let only: Option<Vec<String>> =
        option("--kernels").map(|s| s.split(',').map(String::from).collect());
    let dir = std::path::PathBuf::from(args.last().expect("the corpora's directory"));
    let names = std::fs::read_to_string(dir.join("corpora.txt")).expect("corpora.txt");

    let mut rows = Vec::new();
    for name in names.lines().filter(|n| !n.is_empty()) {
        let raw = std::fs::read(dir.join(format!("{name}.utf16le"))).expect("NAME.utf16le");
        let all_units: Vec<u16> = raw
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        let all_bytes = std::fs::read(dir.join(format!("{name}.wtf8"))).expect("NAME.wtf8");
        let lengths: Vec<usize> = std::fs::read_to_string(dir.join(format!("{name}.slices")))
            .expect("NAME.slices")
            .lines()
            .map(|l| l.parse().expect("a byte length a line"))
            .collect();
        let n = all_units.len() / lengths.len();
        assert_eq!(
            n * lengths.len(),
            all_units.len(),
            "{name}: slices of unequal length"
        );
        // Each slice's units and WTF-8.
        let mut at = 0;
        let slices: Vec<(&[u16], &[u8])> = lengths
            .iter()
            .enumerate()
            .map(|(s, &len)| {
                let slice = (&all_units[s * n..(s + 1) * n], &all_bytes[at..at + len]);
                at += len;
                slice
            })
            .collect();
        assert_eq!(at, all_bytes.len(), "{name}: the slices' byte lengths");
        if !slices
            .iter()
            .all(|(units, _)| simdutf::validate_utf16le(units))
        {
            continue;
        }
        let mut bytes_out = vec![0u8; 3 * n + 64];
        let mut units_out = vec![0u16; lengths.iter().max().unwrap() + 64];

        // The output checks: simdutf's results must be the corpus's own, slice by slice.
        for (units, bytes) in &slices {
            let encoded = encode(units, &mut bytes_out);
            assert_eq!(
                &bytes_out[..encoded],
                *bytes,
                "{name}: simdutf's UTF-8 differs"
            );
            let decoded = decode(bytes, &mut units_out);
            assert_eq!(
                &units_out[..decoded],
                *units,
                "{name}: simdutf's UTF-16 differs"
            );
            assert!(
                simdutf::validate_utf8(bytes),
                "{name}: simdutf rejects its UTF-8"
            );
        }

        // Each call takes the next slice: every kernel counts its own calls.
        let next = |calls: &mut usize| {
            *calls += 1;
            slices[*calls % slices.len()]
        };
        let mut calls = [0usize; 4];
        let [c0, c1, c2, c3] = &mut calls;
        let kernels: [Kernel; 4] = [
            (
                &["encode", "toUtf8"],
                "convert_utf16le_to_utf8",
                &mut || encode(black_box(next(c0).0), &mut bytes_out),
            ),
            (
                &["decode", "decode.fatal"],
                "convert_utf8_to_utf16le",
                &mut || decode(black_box(next(c1).1), &mut units_out),
            ),
            (&["isWtf8"], "validate_utf8", &mut || {
                usize::from(simdutf::validate_utf8(black_box(next(c2).1)))
            }),
            (&["validUpTo", "lone"], "validate_utf16le", &mut || {
                usize::from(simdutf::validate_utf16le(black_box(next(c3).0)))
            }),
        ];
        for (ours, theirs, run) in kernels {
            let wanted: Vec<&str> = ours
                .iter()
                .copied()
                .filter(|k| only.as_ref().is_none_or(|o| o.iter().any(|x| x == k)))
                .collect();
            if wanted.is_empty() {
                continue;
            }
            let ns = time(run, samples, sample_ms) / n as f64;
            for kernel in wanted {
                rows.push(format!(
                    r#"{{"corpus":"{name}","kernel":"{kernel}","simdutf":"{theirs}","native":{ns}}}"#
                ));
            }
        }
    }
    let implementation =
        std::env::var("SIMDUTF_FORCE_IMPLEMENTATION").unwrap_or_else(|_| "detected".into());
    println!(
        r#"{{"implementation":"{implementation}","rows":[{}]}}"#,
        rows.join(",")
    );
}

/// UTF-16 → UTF-8, returning the byte count (0 on failure).
fn encode(units: &[u16], out: &mut [u8]) -> usize {
    assert!(out.len() >= 3 * units.len());
    // SAFETY: `units` is a live slice of `units.len()` code units, and `out` has room for the
    // longest UTF-8 of that many units (3 bytes a unit), checked above.
    unsafe { simdutf::convert_utf16le_to_utf8(units.as_ptr(), units.len(), out.as_mut_ptr()) }
}

/// UTF-8 → UTF-16, returning the unit count (0 on failure).
fn decode(bytes: &[u8], out: &mut [u16]) -> usize {
    assert!(out.len() >= bytes.len());
    // SAFETY: `bytes` is a live slice, and `out` has room for the most code units that many
    // bytes decode to (one a byte), checked above.
    unsafe { simdutf::convert_utf8_to_utf16le(bytes.as_ptr(), bytes.len(), out.as_mut_ptr()) }
}

/// The fastest of `samples` samples of `run` repeated to about `sample_ms`, in ns per call.
fn time(run: &mut dyn FnMut() -> usize, samples: u32, sample_ms: f64) -> f64 {
    let mut repeat = |iterations: u64| {
        let t = Instant::now();
        let mut total = 0;
        for _ in 0..iterations {
            total += run();
        }
        black_box(total);
        t.elapsed().as_secs_f64() * 1e3
    };
    let mut iterations = 1u64;
    let iterations = loop {
        let ms = repeat(iterations);
        if ms >= sample_ms / 4.0 {
            break ((iterations as f64 * sample_ms / ms).round() as u64).max(1);
        }
        iterations *= 4;
    };
    (0..samples)
        .map(|_| repeat(iterations) * 1e6 / iterations as f64)
        .fold(f64::INFINITY, f64::min)
}
