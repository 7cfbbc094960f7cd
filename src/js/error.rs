//! A JavaScript value that is not a string where one was needed, and the `TypeError` that says so.

use alloc::format;
use alloc::string::String;

use js_sys::TypeError;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

/// A JavaScript value that is not a string, where one was needed (a number, `null`, `undefined`,
/// an object, a `String` object made with `new String()`): what it was.
///
/// [`Wtf8String::try_from`](crate::Wtf8String#impl-TryFrom%3C%26JsValue%3E-for-Wtf8String)
/// returns it. Turned into a `JsValue` it is a JavaScript `TypeError` whose message names what
/// was expected and what was given, as the npm package's own `TypeError`s do; a
/// `#[wasm_bindgen]` function that takes a [`Wtf8String`](crate::Wtf8String) throws that
/// `TypeError` itself.
///
/// ```no_run
/// use wasm_bindgen::JsValue;
/// use wtf8_wasm::Wtf8String;
/// let err = Wtf8String::try_from(&JsValue::from(42)).unwrap_err();
/// assert_eq!(err.got(), "number");
/// assert_eq!(err.to_string(), "expected a string, got number");
/// let thrown = JsValue::from(err); // a TypeError, for `Result<_, JsValue>`
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAString {
    got: String,
}

impl NotAString {
    /// What `value` is, as the npm package's `TypeError`s name it.
    pub(crate) fn of(value: &JsValue) -> Self {
        let got = if value.is_null() {
            String::from("null")
        } else if value.is_object() {
            // "[object Array]" → "Array"; "String" for `new String()`.
            let tag = object_tag(value);
            String::from(tag.get(8..tag.len().saturating_sub(1)).unwrap_or("Object"))
        } else {
            value.js_typeof().as_string().unwrap_or_default()
        };
        NotAString { got }
    }

    /// What was given instead of a string: its `typeof` (`"number"`, `"undefined"`, `"boolean"`,
    /// `"symbol"`, `"bigint"`, `"function"`), `"null"`, or for an object its class as
    /// `Object.prototype.toString` names it (`"Object"`, `"Array"`, `"String"` for a `String`
    /// object, `"Date"`, ...).
    pub fn got(&self) -> &str {
        &self.got
    }

    /// The `TypeError` for this value, where `what` was expected to be a string.
    pub(crate) fn type_error(&self, what: &str) -> TypeError {
        TypeError::new(&format!("{what} must be a string, got {}", self.got))
    }

    /// Throws the `TypeError` for this value, where `what` was expected to be a string. No
    /// destructor runs past this point, as with any exception thrown from Rust (`unwrap_throw`,
    /// `throw_str`): whoever calls this releases what it holds first.
    pub(crate) fn throw(self, what: &str) -> ! {
        let error = self.type_error(what);
        drop(self);
        wasm_bindgen::throw_val(error.into())
    }
}

impl core::fmt::Display for NotAString {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "expected a string, got {}", self.got)
    }
}

impl core::error::Error for NotAString {}

/// A JavaScript `TypeError`: "a string was expected, got …".
impl From<NotAString> for JsValue {
    fn from(err: NotAString) -> Self {
        TypeError::new(&format!("{err}")).into()
    }
}

#[wasm_bindgen]
extern "C" {
    /// `Object.prototype.toString.call(value)`: `"[object Array]"` and the like, whatever the
    /// object's own `toString` does.
    #[wasm_bindgen(js_namespace = ["Object", "prototype", "toString"], js_name = call)]
    fn object_tag(value: &JsValue) -> String;
}
