//! Every value of an enum, found through serde itself, for tests that must cover each
//! (explanations, names, narration) without a hand-kept list that a new variant would
//! slip past.

/// The variant names in a serde "unknown variant `?`, expected one of `a`, `b`" (or
/// "expected `a` or `b`") error.
pub fn names_in(err: &str) -> Vec<String> {
    err.split('`')
        .skip(3)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// Every value of one of the pack's vocabulary enums, found through serde itself (an
/// unknown variant's error lists them all), so a variant added later is covered without
/// anyone listing it here. A variant's numbers are 1; a variant holding another enum
/// (`destroy = "top"`) takes each of that enum's values.
pub fn variants<T: serde::de::DeserializeOwned>() -> Vec<T> {
    use serde_json::{from_value, json};
    let names = match from_value::<T>(json!("\u{1}")) {
        Ok(_) => panic!("an unknown variant was accepted"),
        Err(e) => names_in(&e.to_string()),
    };
    assert!(!names.is_empty(), "serde listed no variants");
    let mut out = Vec::new();
    for name in names {
        if let Ok(v) = from_value::<T>(json!(name)) {
            out.push(v);
        } else if let Ok(v) = from_value::<T>(json!({ name.clone(): 1 })) {
            out.push(v);
        } else if let Ok(v) = from_value::<T>(json!({ name.clone(): [1, 1] })) {
            out.push(v);
        } else {
            let inner = match from_value::<T>(json!({ name.clone(): "\u{1}" })) {
                Ok(_) => panic!("{name}: an unknown inner variant was accepted"),
                Err(e) => names_in(&e.to_string()),
            };
            assert!(!inner.is_empty(), "{name}: no value found for it");
            for i in inner {
                out.push(from_value::<T>(json!({ name.clone(): i })).expect("a listed value"));
            }
        }
    }
    out
}
