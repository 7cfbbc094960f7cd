//! wasm-bindgen's ABI for [`Wtf8String`]: it crosses the boundary as a JavaScript string (the
//! `JsString` ABI, TypeScript `string`), converted losslessly on the Rust side, so that a
//! `#[wasm_bindgen]` function takes and returns it wherever it takes and returns `String`:
//!
//! | Rust | JavaScript / TypeScript |
//! |---|---|
//! | `Wtf8String` (argument, return value) | `string` |
//! | `&Wtf8String` (argument; the borrowed form, as `&str` is `String`'s) | `string` |
//! | `Option<Wtf8String>` (both ways) | `string \| undefined` (`null` and `undefined` in are `None`) |
//! | `Vec<Wtf8String>`, `Box<[Wtf8String]>` (both ways) | `string[]` |
//!
//! A value that is not a string (a number, `null` where no `Option` allows it, an object, a
//! `String` object made with `new String()`) is a JavaScript `TypeError` that names what was
//! given, thrown before the function runs.

#![allow(unsafe_code)]

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;

use js_sys::JsString;
use wasm_bindgen::convert::{
    js_value_vector_into_abi, FromWasmAbi, IntoWasmAbi, LongRefFromWasmAbi, OptionFromWasmAbi,
    OptionIntoWasmAbi, RefFromWasmAbi, TryFromJsValue, VectorFromWasmAbi, VectorIntoWasmAbi,
    WasmSlice,
};
use wasm_bindgen::describe::{inform, WasmDescribe, WasmDescribeVector, NAMED_EXTERNREF, VECTOR};
use wasm_bindgen::JsValue;

use super::read::read;
use crate::Wtf8String;

/// What a `TypeError` calls a `Wtf8String` argument.
const ARGUMENT: &str = "a Wtf8String argument";

/// The value of a `Wtf8String` argument, or the `TypeError` thrown for it.
///
/// # Safety
/// `js` must come with the guarantee wasm-bindgen gives `FromWasmAbi::from_abi`, for a value
/// described as a JavaScript string (a `JsValue` handle).
unsafe fn argument(js: u32) -> Wtf8String {
    // SAFETY: the caller's guarantee is JsValue::from_abi's.
    match checked(unsafe { JsValue::from_abi(js) }, ARGUMENT) {
        Ok(s) => s,
        Err(type_error) => throw(type_error),
    }
}

/// The string `value` holds, or the `TypeError` for it. Out of line, so that its frame (wasm's
/// shadow stack: the return slots of the JavaScript calls it makes) is gone before anything is
/// thrown: a throw abandons the frames it passes through, and their shadow stack with them.
#[inline(never)]
fn checked(value: JsValue, what: &str) -> Result<Wtf8String, JsValue> {
    read(&value).map_err(|err| err.type_error(what).into())
}

/// The strings of `values`, or the `TypeError` for the first that is not one (everything
/// released: see [`checked`]).
#[inline(never)]
fn checked_items(values: Vec<JsValue>) -> Result<Box<[Wtf8String]>, JsValue> {
    values
        .iter()
        .enumerate()
        .map(|(i, value)| {
            read(value).map_err(|err| {
                err.type_error(&format!("item {i} of a Vec<Wtf8String> argument"))
                    .into()
            })
        })
        .collect()
}

/// [`checked`] for a borrowed handle.
#[inline(never)]
fn checked_ref(value: &JsValue) -> Result<Wtf8String, JsValue> {
    read(value).map_err(|err| err.type_error(ARGUMENT).into())
}

/// Throws `error`, from a frame that holds nothing (see [`checked`]).
#[cold]
#[inline(never)]
fn throw(error: JsValue) -> ! {
    wasm_bindgen::throw_val(error)
}

impl WasmDescribe for Wtf8String {
    fn describe() {
        <JsString as WasmDescribe>::describe();
    }
}

impl FromWasmAbi for Wtf8String {
    type Abi = <JsValue as FromWasmAbi>::Abi;

    unsafe fn from_abi(js: Self::Abi) -> Self {
        // SAFETY: the guarantee of this function's caller.
        unsafe { argument(js) }
    }
}

impl IntoWasmAbi for Wtf8String {
    type Abi = <JsValue as IntoWasmAbi>::Abi;

    fn into_abi(self) -> Self::Abi {
        JsString::from(&self).into_abi()
    }
}

/// `Option<Wtf8String>` as an argument: `undefined` and `null` are `None`.
impl OptionFromWasmAbi for Wtf8String {
    fn is_none(abi: &Self::Abi) -> bool {
        // The handle wasm-bindgen passes for `undefined` and `null` in an optional position, as
        // for every imported JavaScript type.
        *abi == 0
    }
}

/// `Option<Wtf8String>` as a return value: `None` is `undefined`.
impl OptionIntoWasmAbi for Wtf8String {
    fn none() -> Self::Abi {
        0
    }
}

/// `&Wtf8String` as an argument (the borrowed form, as `&str` is to `String`): the string is
/// converted for the call and dropped after it.
impl RefFromWasmAbi for Wtf8String {
    type Abi = <JsValue as RefFromWasmAbi>::Abi;
    // (`Cow::Owned` derefs to the string itself: no second allocation.)
    type Anchor = Cow<'static, Wtf8String>;

    unsafe fn ref_from_abi(js: Self::Abi) -> Self::Anchor {
        // SAFETY: wasm-bindgen gives a borrowed handle the guarantee `from_abi` has, for the
        // duration of the call; it is only read, and not dropped here (a borrowed handle belongs
        // to the caller), as JsValue's `ref_from_abi` does.
        let value = unsafe { JsValue::ref_from_abi(js) };
        match checked_ref(&value) {
            Ok(s) => Cow::Owned(s),
            Err(type_error) => throw(type_error),
        }
    }
}

/// `&Wtf8String` as an argument of an `async` function: converted when it is called, kept until
/// its future ends.
impl LongRefFromWasmAbi for Wtf8String {
    type Abi = <JsValue as LongRefFromWasmAbi>::Abi;
    type Anchor = Wtf8String;

    unsafe fn long_ref_from_abi(js: Self::Abi) -> Self::Anchor {
        // SAFETY: as for `from_abi` (a long-lived borrowed handle is an owned one).
        unsafe { argument(js) }
    }
}

/// For wasm-bindgen's generic conversions (`JsValue` to `Wtf8String` where a type is checked at
/// run time): `None` for a value that is not a string.
impl TryFromJsValue for Wtf8String {
    fn try_from_js_value_ref(value: &JsValue) -> Option<Self> {
        read(value).ok()
    }
}

/// `Vec<Wtf8String>` and `Box<[Wtf8String]>`: a JavaScript array of strings, `string[]`, as
/// wasm-bindgen describes `Vec<String>`.
impl WasmDescribeVector for Wtf8String {
    fn describe_vector() {
        inform(VECTOR);
        inform(NAMED_EXTERNREF);
        // "string", one character at a time (a loop breaks wasm-bindgen's interpreter).
        inform(6);
        inform('s' as u32);
        inform('t' as u32);
        inform('r' as u32);
        inform('i' as u32);
        inform('n' as u32);
        inform('g' as u32);
    }
}

impl VectorIntoWasmAbi for Wtf8String {
    type Abi = <Box<[JsValue]> as IntoWasmAbi>::Abi;

    fn vector_into_abi(vector: Box<[Self]>) -> Self::Abi {
        js_value_vector_into_abi(vector)
    }
}

impl VectorFromWasmAbi for Wtf8String {
    type Abi = WasmSlice;

    unsafe fn vector_from_abi(js: WasmSlice) -> Box<[Self]> {
        // SAFETY: `js` comes with wasm-bindgen's guarantee for `Box<[JsValue]>::from_abi`, for a
        // value described as an array of JavaScript strings (above): a buffer of handles that
        // Rust now owns.
        match checked_items(unsafe { <Vec<JsValue> as FromWasmAbi>::from_abi(js) }) {
            Ok(strings) => strings,
            Err(type_error) => throw(type_error),
        }
    }
}
