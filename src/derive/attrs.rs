//! The `#[serde(...)]` attributes the derive follows, read as serde's
//! derive reads them. An attribute that changes how serde reads a value and
//! that this derive does not follow is a compile error, so the two readers
//! never silently differ.

use syn::{Attribute, LitStr};

/// A container's attributes (the struct's or the enum's).
#[derive(Default)]
pub struct Container {
    /// `tag = "..."`: an internally (or, with `content`, adjacently) tagged enum.
    pub tag: Option<String>,
    /// `content = "..."`: an adjacently tagged enum's content key.
    pub content: Option<String>,
    /// `rename_all = "..."`: the case of variants (an enum) or fields (a struct).
    pub rename_all: Option<String>,
    /// `deny_unknown_fields`.
    pub deny_unknown: bool,
    /// `try_from = "Type"`: read as that type, then converted.
    pub try_from: Option<syn::Path>,
}

/// A field's (or a variant's) attributes.
pub struct Field {
    /// `rename = "..."`.
    pub rename: Option<String>,
    /// `default`: a missing field is `Default::default()`.
    pub default: bool,
    /// `flatten`: read from the container's own object.
    pub flatten: bool,
}

/// Attributes that only change how a value is written: read and ignored.
const WRITE_ONLY: [&str; 3] = ["skip_serializing_if", "skip_serializing", "serialize_with"];

/// Reads a container's `#[serde(...)]` attributes.
pub fn container(attrs: &[Attribute]) -> syn::Result<Container> {
    let mut out = Container::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let key = meta.path.get_ident().map(ToString::to_string);
            match key.as_deref() {
                Some("tag") => out.tag = Some(meta.value()?.parse::<LitStr>()?.value()),
                Some("content") => out.content = Some(meta.value()?.parse::<LitStr>()?.value()),
                Some("rename_all") => {
                    let case = meta.value()?.parse::<LitStr>()?;
                    check_case(&case)?;
                    out.rename_all = Some(case.value());
                }
                Some("deny_unknown_fields") => out.deny_unknown = true,
                Some("try_from") => {
                    out.try_from = Some(meta.value()?.parse::<LitStr>()?.parse()?);
                }
                _ => return Err(meta.error("Decode does not follow this serde attribute")),
            }
            Ok(())
        })?;
    }
    Ok(out)
}

/// Reads a field's or a variant's `#[serde(...)]` attributes.
pub fn field(attrs: &[Attribute]) -> syn::Result<Field> {
    let mut out = Field {
        rename: None,
        default: false,
        flatten: false,
    };
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let key = meta.path.get_ident().map(ToString::to_string);
            match key.as_deref() {
                Some("rename") => out.rename = Some(meta.value()?.parse::<LitStr>()?.value()),
                Some("default") if !meta.input.peek(syn::Token![=]) => out.default = true,
                Some("flatten") => out.flatten = true,
                Some(write_only) if WRITE_ONLY.contains(&write_only) => {
                    if meta.input.peek(syn::Token![=]) {
                        meta.value()?.parse::<LitStr>()?;
                    }
                }
                _ => return Err(meta.error("Decode does not follow this serde attribute")),
            }
            Ok(())
        })?;
    }
    Ok(out)
}

/// The cases `rename_all` takes here.
const CASES: [&str; 4] = ["snake_case", "lowercase", "camelCase", "kebab-case"];

fn check_case(case: &LitStr) -> syn::Result<()> {
    if CASES.contains(&case.value().as_str()) {
        Ok(())
    } else {
        Err(syn::Error::new(
            case.span(),
            "Decode does not follow this case",
        ))
    }
}

/// A variant's name (`PascalCase` in Rust) in `case`, as serde writes it.
pub fn variant_name(name: &str, case: Option<&str>) -> String {
    let snake = || {
        let mut out = String::new();
        for (i, c) in name.chars().enumerate() {
            if c.is_uppercase() && i > 0 {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        }
        out
    };
    match case {
        Some("snake_case") => snake(),
        Some("kebab-case") => snake().replace('_', "-"),
        Some("lowercase") => name.to_lowercase(),
        Some("camelCase") => {
            let mut chars = name.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_lowercase().chain(chars).collect()
            })
        }
        _ => name.to_string(),
    }
}

/// A field's name (`snake_case` in Rust) in `case`, as serde writes it.
pub fn field_name(name: &str, case: Option<&str>) -> String {
    let name = name.strip_prefix("r#").unwrap_or(name);
    match case {
        Some("kebab-case") => name.replace('_', "-"),
        Some("camelCase") => {
            let mut out = String::new();
            let mut upper = false;
            for c in name.chars() {
                if c == '_' {
                    upper = true;
                } else if upper {
                    out.extend(c.to_uppercase());
                    upper = false;
                } else {
                    out.push(c);
                }
            }
            out
        }
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cased_as_serde_cases_them() {
        // As serde's derive writes them (its `RenameRule`).
        let variants = [
            ("snake_case", "DoubleRoundRobin", "double_round_robin"),
            ("kebab-case", "DoubleRoundRobin", "double-round-robin"),
            ("lowercase", "DoubleRoundRobin", "doubleroundrobin"),
            ("camelCase", "DoubleRoundRobin", "doubleRoundRobin"),
            ("snake_case", "Nim", "nim"),
        ];
        for (case, name, cased) in variants {
            assert_eq!(variant_name(name, Some(case)), cased, "{case} {name}");
        }
        assert_eq!(variant_name("Nim", None), "Nim");
        let fields = [
            ("camelCase", "start_limit_ms", "startLimitMs"),
            ("kebab-case", "start_limit_ms", "start-limit-ms"),
            ("snake_case", "start_limit_ms", "start_limit_ms"),
            ("lowercase", "r#type", "type"),
        ];
        for (case, name, cased) in fields {
            assert_eq!(field_name(name, Some(case)), cased, "{case} {name}");
        }
    }
}
