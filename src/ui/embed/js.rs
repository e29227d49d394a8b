//! Plain JavaScript objects in and out, for the host-page messages and the test probe, without
//! a JSON library in the page's WebAssembly.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

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

/// A string field of a message, if present and a string.
pub fn text_field(message: &JsValue, name: &str) -> Option<String> {
    Reflect::get(message, &JsValue::from_str(name))
        .ok()?
        .as_string()
}

/// A whole-number field of a message, if present and a non-negative whole number.
pub fn number_field(message: &JsValue, name: &str) -> Option<u64> {
    let value = Reflect::get(message, &JsValue::from_str(name))
        .ok()?
        .as_f64()?;
    (value >= 0.0 && value.fract() == 0.0 && value <= 9.0e15).then_some(value as u64)
}

/// Whether a message has a field called `name` that is not undefined.
pub fn has_field(message: &JsValue, name: &str) -> bool {
    Reflect::get(message, &JsValue::from_str(name)).is_ok_and(|v| !v.is_undefined())
}

/// A list-of-strings field, if present and every item is a string.
pub fn text_list_field(message: &JsValue, name: &str) -> Option<Vec<String>> {
    let value = Reflect::get(message, &JsValue::from_str(name)).ok()?;
    if !Array::is_array(&value) {
        return None;
    }
    Array::from(&value)
        .iter()
        .map(|item| item.as_string())
        .collect()
}
