//! `#[derive(Decode)]` for the core's types: a reader of the JSON that
//! serde's `#[derive(Deserialize)]` reads, following the same
//! `#[serde(...)]` attributes (`tag`, `content`, `rename_all`, `rename`,
//! `default`, `deny_unknown_fields`, `flatten`, `try_from`), written as one
//! plain function per type over `serde_json::Value` (`crate::json` in the
//! core). serde's derive writes a visitor per type and per deserializer (the
//! JSON reader, and a buffer for every tagged enum); the pages' modules that
//! read the server's messages carried about 200 KB of them.
//!
//! What it reads is checked against serde on the same text by
//! `tests/core/json.rs`: the same values, the same refusals.

mod attrs;

use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::quote;
use syn::{parse_macro_input, Data, DeriveInput, Fields, FieldsNamed, Variant};

use attrs::Container;

/// Implements `crate::json::Decode` as serde's `Deserialize` reads JSON.
#[proc_macro_derive(Decode, attributes(serde))]
pub fn derive_decode(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    decode(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

fn decode(input: &DeriveInput) -> syn::Result<Tokens> {
    if !input.generics.params.is_empty() {
        return Err(syn::Error::new_spanned(
            &input.generics,
            "Decode reads types without generics",
        ));
    }
    let container = attrs::container(&input.attrs)?;
    let body = match (&container.try_from, &input.data) {
        (Some(from), _) => quote! {
            let read: #from = crate::json::Decode::decode(value)?;
            ::core::convert::TryFrom::try_from(read).map_err(crate::json::DecodeError::invalid)
        },
        (None, Data::Struct(data)) => structure(&data.fields, &container)?,
        (None, Data::Enum(data)) => enumeration(&data.variants, &container)?,
        (None, Data::Union(_)) => {
            return Err(syn::Error::new_spanned(input, "Decode reads no unions"))
        }
    };
    let name = &input.ident;
    Ok(quote! {
        impl crate::json::Decode for #name {
            fn decode(
                value: &crate::json::Value,
            ) -> ::core::result::Result<Self, crate::json::DecodeError> {
                #body
            }
        }
    })
}

/// A struct: an object of its fields, or a newtype's inner value.
fn structure(fields: &Fields, container: &Container) -> syn::Result<Tokens> {
    match fields {
        Fields::Named(named) => {
            let case = container.rename_all.as_deref();
            let read = read_fields(named, case, container, quote!(Self))?;
            Ok(quote! {
                let fields = crate::json::Fields::of(value, ::core::option::Option::None)?;
                #read
            })
        }
        Fields::Unnamed(unnamed) if unnamed.unnamed.len() == 1 => Ok(quote! {
            ::core::result::Result::Ok(Self(crate::json::Decode::decode(value)?))
        }),
        _ => Err(syn::Error::new_spanned(
            fields,
            "Decode reads structs with named fields and newtypes",
        )),
    }
}

/// Reads named fields from `fields` (a `crate::json::Fields` in scope) and
/// builds `constructor { .. }` of them: refuses unknown keys when `container`
/// denies them; a missing field with `default` is its type's default.
fn read_fields(
    named: &FieldsNamed,
    case: Option<&str>,
    container: &Container,
    constructor: Tokens,
) -> syn::Result<Tokens> {
    let mut keys = Vec::new();
    let mut inits = Vec::new();
    let mut flattens = false;
    for field in &named.named {
        let ident = field.ident.as_ref().expect("a named field");
        let attrs = attrs::field(&field.attrs)?;
        let key = attrs
            .rename
            .clone()
            .unwrap_or_else(|| attrs::field_name(&ident.to_string(), case));
        let read = if attrs.flatten {
            flattens = true;
            quote!(crate::json::Decode::decode(fields.value())?)
        } else if attrs.default {
            keys.push(key.clone());
            quote!(fields.optional(#key)?.unwrap_or_default())
        } else {
            keys.push(key.clone());
            quote!(fields.required(#key)?)
        };
        inits.push(quote!(#ident: #read));
    }
    if flattens && container.deny_unknown {
        return Err(syn::Error::new_spanned(
            named,
            "Decode does not deny unknown fields beside a flattened one",
        ));
    }
    let deny = container
        .deny_unknown
        .then(|| quote!(fields.only(&[#(#keys),*])?;));
    Ok(quote! {
        #deny
        ::core::result::Result::Ok(#constructor { #(#inits),* })
    })
}

/// An enum: externally (a unit's name, a newtype's one-key object), internally (`tag`) or
/// adjacently (`tag`, `content`) tagged, as serde writes it.
fn enumeration<'a>(
    variants: impl IntoIterator<Item = &'a Variant>,
    container: &Container,
) -> syn::Result<Tokens> {
    let (mut arms, mut units) = (Vec::new(), Vec::new());
    for variant in variants {
        let attrs = attrs::field(&variant.attrs)?;
        let ident = &variant.ident;
        let name = attrs.rename.clone().unwrap_or_else(|| {
            attrs::variant_name(&ident.to_string(), container.rename_all.as_deref())
        });
        let arm = match (&container.tag, &container.content) {
            (None, None) => external_variant(variant)?,
            (Some(_), None) => internal_variant(variant, container)?,
            (Some(_), Some(content)) => adjacent_variant(variant, content)?,
            (None, Some(_)) => {
                return Err(syn::Error::new_spanned(ident, "`content` without `tag`"))
            }
        };
        match (&variant.fields, &container.tag) {
            (Fields::Unit, None) => units.push(quote!(#name => #arm,)),
            _ => arms.push(quote!(#name => #arm,)),
        }
    }
    let unknown = quote! {
        other => ::core::result::Result::Err(crate::json::DecodeError::variant(other)),
    };
    Ok(match (&container.tag, &container.content) {
        (None, _) if arms.is_empty() => quote! {
            match crate::json::string(value)? { #(#units)* #unknown }
        },
        (None, _) => quote! {
            if let ::core::option::Option::Some(name) = value.as_str() {
                return match name { #(#units)* #unknown };
            }
            let (name, content) = crate::json::single_entry(value)?;
            match name { #(#arms)* #unknown }
        },
        (Some(tag), None) => quote! {
            let fields = crate::json::Fields::of(value, ::core::option::Option::Some(#tag))?;
            match fields.string(#tag)? { #(#arms)* #unknown }
        },
        (Some(_), Some(_)) if container.deny_unknown => {
            return Err(syn::Error::new(
                proc_macro2::Span::call_site(),
                "Decode does not refuse unknown keys of an adjacently tagged enum",
            ))
        }
        (Some(tag), Some(_)) => quote! {
            let outer = crate::json::Fields::of(value, ::core::option::Option::None)?;
            match outer.string(#tag)? { #(#arms)* #unknown }
        },
    })
}

/// A variant of an externally tagged enum: a unit variant's name, or a
/// newtype's `{"name": value}`.
fn external_variant(variant: &Variant) -> syn::Result<Tokens> {
    let ident = &variant.ident;
    match &variant.fields {
        Fields::Unit => Ok(quote!(::core::result::Result::Ok(Self::#ident))),
        Fields::Unnamed(one) if one.unnamed.len() == 1 => Ok(quote! {
            ::core::result::Result::Ok(Self::#ident(crate::json::Decode::decode(content)?))
        }),
        other => Err(syn::Error::new_spanned(
            other,
            "Decode reads externally tagged enums of unit and newtype variants only",
        )),
    }
}

/// A variant of an internally tagged enum: its fields beside the tag, or a
/// newtype's inner value read from the object without the tag.
fn internal_variant(variant: &Variant, container: &Container) -> syn::Result<Tokens> {
    let ident = &variant.ident;
    let within = variant_container(container);
    Ok(match &variant.fields {
        Fields::Unit => {
            let deny = container.deny_unknown.then(|| quote!(fields.only(&[])?;));
            quote!({ #deny ::core::result::Result::Ok(Self::#ident) })
        }
        Fields::Unnamed(one) if one.unnamed.len() == 1 => quote! {
            ::core::result::Result::Ok(Self::#ident(fields.without_tag()?))
        },
        Fields::Named(named) => {
            let read = read_fields(named, None, &within, quote!(Self::#ident))?;
            quote!({ #read })
        }
        other => return Err(unsupported_variant(other)),
    })
}

/// A variant of an adjacently tagged enum: a unit variant has no content
/// (none, or null), a newtype's is its value. (Struct variants, and
/// refusing unknown keys, are not followed here: no type of the core's
/// needs them, and they would be read untested.)
fn adjacent_variant(variant: &Variant, content: &str) -> syn::Result<Tokens> {
    let ident = &variant.ident;
    Ok(match &variant.fields {
        Fields::Unit => quote!({
            outer.unit(#content)?;
            ::core::result::Result::Ok(Self::#ident)
        }),
        Fields::Unnamed(one) if one.unnamed.len() == 1 => quote! {
            ::core::result::Result::Ok(Self::#ident(outer.required(#content)?))
        },
        other => {
            return Err(syn::Error::new_spanned(
                other,
                "Decode reads adjacently tagged enums of unit and newtype variants only",
            ))
        }
    })
}

/// What a struct variant's fields follow of their enum's attributes:
/// `deny_unknown_fields` only.
fn variant_container(container: &Container) -> Container {
    Container {
        deny_unknown: container.deny_unknown,
        ..Container::default()
    }
}

fn unsupported_variant(fields: &Fields) -> syn::Error {
    syn::Error::new_spanned(fields, "Decode reads unit, newtype and struct variants")
}
