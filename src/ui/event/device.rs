//! "Continue on another device" on a player's view: the player's own
//! private link, with Copy, the prompt to keep it, and its QR code (an
//! SVG path drawn by `session::qr`), so that a player who changed phones
//! opens their place in the event instead of registering again (which
//! the event refuses: the name is taken).

use yew::prelude::*;

use crate::links::qr::{qr_path, QUIET};

use super::super::context::use_texts;
use super::link::PrivateLink;
use super::organiser::player_link;

/// Props: the event and the player's token.
#[derive(Properties, PartialEq)]
pub struct DeviceProps {
    pub event: AttrValue,
    pub token: AttrValue,
}

/// The player's link and its QR code, folded until asked for.
#[function_component(AnotherDevice)]
pub fn another_device(props: &DeviceProps) -> Html {
    let e = use_texts().event();
    let link = player_link(&props.event, &props.token);
    let code = qr_path(&link).map(|(size, path)| {
        let side = size + 2 * QUIET;
        let view_box = format!("{} {} {side} {side}", -QUIET, -QUIET);
        html! {
            <svg class="event-qr" viewBox={view_box} role="img" aria-label={e.qr_label()}
                shape-rendering="crispEdges" data-testid="event-device-qr">
                <rect x={(-QUIET).to_string()} y={(-QUIET).to_string()} width={side.to_string()} height={side.to_string()} fill="#fff" />
                <path d={path} fill="#000" />
            </svg>
        }
    });
    html! {
        <details class="event-device no-print" data-testid="event-device">
            <summary data-testid="event-device-open">{ e.another_device() }</summary>
            <p>{ e.another_device_hint() }</p>
            <PrivateLink label={e.your_link()} link={AttrValue::from(link)} id="event-device-link" />
            { for code }
        </details>
    }
}
