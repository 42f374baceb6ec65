//! The page's look: light or dark, normal or high contrast. Each follows
//! the system (`prefers-color-scheme`, `prefers-contrast`), live, until the
//! user chooses with the header's buttons; a choice is kept. The look is
//! applied as attributes of the document's root, which the styles read
//! (`data-theme`, `data-contrast`).

use gloo_events::EventListener;
use yew::prelude::*;

use super::browser;

/// One side of the look the user may choose.
struct Choice {
    /// Where the choice is kept.
    key: &'static str,
    /// The system's preference for it.
    query: &'static str,
    /// The root's attribute that applies it.
    attribute: &'static str,
    /// The attribute's (and the kept) value when it is on, and off.
    on: &'static str,
    off: &'static str,
}

const THEME: Choice = Choice {
    key: "mind-sports.theme",
    query: "(prefers-color-scheme: dark)",
    attribute: "data-theme",
    on: "dark",
    off: "light",
};

const CONTRAST: Choice = Choice {
    key: "mind-sports.contrast",
    query: "(prefers-contrast: more)",
    attribute: "data-contrast",
    on: "high",
    off: "normal",
};

/// The look now and what changes it.
pub struct Look {
    /// The dark theme is on.
    pub dark: bool,
    /// High contrast is on.
    pub high_contrast: bool,
    /// Switches the dark theme (the choice is kept).
    pub toggle_dark: Callback<()>,
    /// Switches high contrast (the choice is kept).
    pub toggle_contrast: Callback<()>,
}

/// The look, applied to the document unless `frame` (an embedded frame
/// sets its own look from its link).
#[hook]
pub fn use_look(frame: bool) -> Look {
    let (dark, toggle_dark) = use_choice(&THEME, frame);
    let (high_contrast, toggle_contrast) = use_choice(&CONTRAST, frame);
    Look {
        dark,
        high_contrast,
        toggle_dark,
        toggle_contrast,
    }
}

/// Whether `choice` is on (chosen, else the system's), applied unless
/// `frame`, and its switch.
#[hook]
fn use_choice(choice: &'static Choice, frame: bool) -> (bool, Callback<()>) {
    let chosen = use_state(|| {
        browser::load(choice.key).and_then(|kept| match kept.as_str() {
            value if value == choice.on => Some(true),
            value if value == choice.off => Some(false),
            _ => None,
        })
    });
    let system = use_media(choice.query);
    let now = (*chosen).unwrap_or(system);
    use_effect_with((now, frame), |(now, frame)| {
        if !*frame {
            set_root_attribute(choice.attribute, if *now { choice.on } else { choice.off });
        }
    });
    let toggle = Callback::from(move |()| {
        chosen.set(Some(!now));
        // A failed save is told by the banner; the choice holds until a reload.
        let _ = browser::store_changed(choice.key, if now { choice.off } else { choice.on });
    });
    (now, toggle)
}

/// Whether the media query matches, followed as it changes.
#[hook]
fn use_media(query: &'static str) -> bool {
    let list = || browser::window().match_media(query).ok().flatten();
    let matches = use_state(|| list().is_some_and(|l| l.matches()));
    {
        let matches = matches.clone();
        use_effect_with((), move |_| {
            let listener = list().map(|l| {
                let target = l.clone();
                EventListener::new(&target, "change", move |_| matches.set(l.matches()))
            });
            move || drop(listener)
        });
    }
    *matches
}

/// Sets an attribute of the document's root element.
pub fn set_root_attribute(name: &str, value: &str) {
    if let Some(root) = browser::window()
        .document()
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute(name, value);
    }
}
