//! Plain JavaScript objects in and out, for the host-page messages and the test probe, without
//! a JSON library in the page's WebAssembly: objects built field by field, and a message's
//! fields handed to the engine's reader by their shape.

use js_sys::{Array, JsString, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::core::message::{Field, MAX_LIST, MAX_TEXT_CHARS};

/// Builds a JavaScript object field by field.
pub struct JsObject(Object);

impl JsObject {
    /// An empty object.
    pub fn new() -> JsObject {
        JsObject(Object::new())
    }

    /// Sets `name` to any value.
    pub fn set(self, name: &str, value: impl Into<JsValue>) -> JsObject {
        let _ = Reflect::set(&self.0, &JsValue::from_str(name), &value.into());
        self
    }

    /// Sets `name` to a string, or to null.
    pub fn text(self, name: &str, value: Option<&str>) -> JsObject {
        let value = value.map_or(JsValue::NULL, JsValue::from_str);
        self.set(name, value)
    }

    /// Sets `name` to an array of objects.
    pub fn list(self, name: &str, items: impl IntoIterator<Item = JsObject>) -> JsObject {
        let array: Array = items.into_iter().map(JsValue::from).collect();
        self.set(name, array)
    }
}

impl Default for JsObject {
    fn default() -> Self {
        JsObject::new()
    }
}

impl From<JsObject> for JsValue {
    fn from(object: JsObject) -> JsValue {
        object.0.into()
    }
}

/// Field `name` of a message, by its shape alone: nothing deeper than a list of strings is
/// walked, and a string or list past the engine's limits is measured, not copied.
pub fn field(message: &JsValue, name: &str) -> Field {
    let Ok(value) = Reflect::get(message, &JsValue::from_str(name)) else {
        return Field::Other;
    };
    if value.is_undefined() {
        Field::Absent
    } else if value.is_null() {
        Field::Null
    } else if let Some(text) = value.dyn_ref::<JsString>() {
        text_of(text)
    } else if let Some(number) = value.as_f64() {
        Field::Number(number)
    } else if Array::is_array(&value) {
        let array = Array::from(&value);
        let length = array.length() as usize;
        if length > MAX_LIST {
            return Field::TooMany(length);
        }
        let mut texts = Vec::with_capacity(length);
        for item in array.iter() {
            match item.dyn_ref::<JsString>().map(text_of) {
                Some(Field::Text(text)) => texts.push(text),
                Some(oversized @ Field::Oversized(_)) => return oversized,
                _ => return Field::Other,
            }
        }
        Field::Texts(texts)
    } else {
        Field::Other
    }
}

/// A string, measured before it is copied.
fn text_of(text: &JsString) -> Field {
    let length = text.length() as usize;
    if length > MAX_TEXT_CHARS {
        Field::Oversized(length)
    } else {
        Field::Text(String::from(text))
    }
}
