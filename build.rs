//! Chooses the kernels, once for the whole crate: the only place that looks at the target.
//!
//! - `wasm_simd128`: the target is wasm32 with the `simd128` feature (the npm package's modules),
//!   so the SIMD kernels' vector type is made of real WebAssembly instructions (`src/simd/wasm32.rs`;
//!   elsewhere it is emulated lane by lane, `src/simd/portable.rs`).
//! - `simd_kernels`: the public functions run the SIMD kernels: with `wasm_simd128`, and in the
//!   fuzzers' builds (`--cfg fuzzing`, on the emulation), so that the fuzzers check the logic the
//!   wasm build ships. Everywhere else they run the scalar kernels, which stay the reference.
//!
//! No dependencies: the core crate has none, build dependencies included (scripts/test.sh checks).

use std::env;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(wasm_simd128)");
    println!("cargo:rustc-check-cfg=cfg(simd_kernels)");
    println!("cargo:rerun-if-changed=build.rs");
    let wasm32 = env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    let simd128 = env::var("CARGO_CFG_TARGET_FEATURE")
        .is_ok_and(|features| features.split(',').any(|f| f == "simd128"));
    let fuzzing = env::var_os("CARGO_CFG_FUZZING").is_some();
    if wasm32 && simd128 {
        println!("cargo:rustc-cfg=wasm_simd128");
    }
    if (wasm32 && simd128) || fuzzing {
        println!("cargo:rustc-cfg=simd_kernels");
    }
}
