// The oracle that ties every neighbouring-encoding decoder's lenient (`_lossy`) twin to its
// strict one (src/encodings/mod.rs, "Errors, strict and lenient"). Included with `include!` by
// tests/common/encodings.rs and by the fuzz targets, so there is one copy; it needs
// `wtf8_wasm::DecodeError` in scope.

/// The lenient output a strict, context-free decoder implies: decode; at each error write one
/// U+FFFD and start again after the error's bytes (after everything, when it has no length).
/// Every decoder's `_lossy` twin must equal this.
pub fn lenient_from_strict<T: Copy>(
    src: &[u8],
    replacement: T,
    strict: impl Fn(&[u8]) -> Result<Vec<T>, DecodeError>,
) -> Vec<T> {
    let mut out = Vec::new();
    let mut rest = src;
    loop {
        match strict(rest) {
            Ok(values) => {
                out.extend(values);
                return out;
            }
            Err(err) => {
                let prefix = strict(&rest[..err.valid_up_to()])
                    .expect("the valid prefix decodes on its own");
                out.extend(prefix);
                out.push(replacement);
                match err.error_len() {
                    Some(n) => rest = &rest[err.valid_up_to() + n..],
                    None => return out,
                }
            }
        }
    }
}
