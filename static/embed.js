/*
 * Mind Sports: <mind-sports-board>, a live board for any web page.
 *
 *   <script src="https://APP/embed.js" defer></script>
 *   <mind-sports-board game="othello" moves="f5d6" mode="view"></mind-sports-board>
 *   <mind-sports-board kind="event" event="k7qz3mfa9tbe" view="standings"></mind-sports-board>
 *   <mind-sports-board kind="ratings" club="q3w8e5r1t6y2"></mind-sports-board>
 *
 * The element makes an iframe of the app at the address this script came
 * from (#/embed/<game>?<attributes>&parent=<this page's origin>), sizes it
 * from the frame's `resize` messages and re-dispatches the frame's messages
 * as events on itself (ms-ready, ms-resize, ms-move, ms-position,
 * ms-gameover, ms-lessoncomplete, ms-puzzlesolved, ms-error; the message is
 * `event.detail`). Messages are taken only from its own frame's window and
 * the app's origin. Methods post to the frame: play(move),
 * setPosition({moves|board|position|heaps}), newGame({parameters}),
 * goToPly(n), setLang(lang), setTheme(theme), flip(); calls made before the
 * frame is ready wait for it. Changing an attribute reloads the frame;
 * `label` names it for screen readers. Attributes and messages: docs/embed.md.
 * A page whose origin cannot be a frame's `parent` (the frame's own rule,
 * src/embed/origin.rs: both are tested against tests/data/embed-origins.txt)
 * gets a board that takes no messages, and `ms-error` says why: once the
 * frame has loaded, and for every method called.
 * No dependencies; nothing is sent anywhere but to the frame.
 */
(() => {
  "use strict";
  const TAG = "mind-sports-board";
  if (customElements.get(TAG)) return;

  const script = document.currentScript;
  const app = new URL(".", script && script.src ? script.src : location.href);
  const PARAMS = ["v", "variant", "size", "board", "position", "heaps", "misere", "moves", "ply", "mode",
    "lesson", "puzzle", "side", "level", "lang", "theme", "coords", "controls", "live"];
  const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

  /** Whether `text` may be a frame's `parent`: http or https, a host that
   *  is an IPv4 address, an [IPv6] address or labels of letters, digits,
   *  `-` and `_` (a final dot kept), an optional port; 300 characters at most. */
  const acceptsParent = (text) => {
    const found = typeof text === "string" && text.length <= 300 && /^[\x21-\x7e]+$/.test(text)
      && /^https?:\/\/([^/?#\\@]*)$/i.exec(text);
    if (!found) return false;
    let [, host] = found, port = null;
    const end = host.startsWith("[") ? host.indexOf("]") + 1 : host.search(/:|$/);
    if (end <= 0) return false;
    if (end < host.length) {
      if (host[end] !== ":") return false;
      port = host.slice(end + 1);
    }
    host = host.slice(0, end).toLowerCase();
    if (port !== null && !(/^\d{1,5}$/.test(port) && port > 0 && port < 65536)) return false;
    if (host.startsWith("[")) {
      try { return new URL(`http://${host}`).hostname.startsWith("["); } catch { return false; }
    }
    const name = host.replace(/\.$/, "");
    const labels = name.split(".");
    if (/^(0x[0-9a-f]*|\d+)$/.test(labels[labels.length - 1])) return name === host && IPV4.test(name);
    return labels.every((label) => /^[a-z0-9_-]+$/.test(label));
  };

  const EVENTS = {
    ready: "ms-ready", resize: "ms-resize", move: "ms-move", position: "ms-position",
    gameOver: "ms-gameover", lessonComplete: "ms-lessoncomplete",
    puzzleSolved: "ms-puzzlesolved", error: "ms-error",
  };

  class MindSportsBoard extends HTMLElement {
    static get observedAttributes() {
      return ["game", "kind", "event", "view", "club", ...PARAMS];
    }

    constructor() {
      super();
      this._frame = null;
      this._ready = false;
      this._queue = [];
      this._pending = false;
      this._onMessage = this._onMessage.bind(this);
    }

    /** Why this page cannot talk to the board (null when it can). */
    static get refusal() {
      return acceptsParent(location.origin) ? null
        : `this page's origin ${JSON.stringify(location.origin)} cannot be a board's parent (http or https, a host that is a name or an IP address), so the board takes no messages and sends no events`;
    }

    /** The frame's address for the current attributes. */
    get src() {
      // A club's event (kind="event" event view) or rating list (kind="ratings" club).
      const kind = this.getAttribute("kind");
      if (kind === "event" || kind === "ratings") {
        const ev = kind === "event";
        const query = [`${ev ? "id" : "club"}=${encodeURIComponent(this.getAttribute(ev ? "event" : "club") || "")}`];
        for (const name of ["view", "lang", "theme"]) {
          if (this.hasAttribute(name)) query.push(`${name}=${encodeURIComponent(this.getAttribute(name))}`);
        }
        if (!MindSportsBoard.refusal) query.push(`parent=${encodeURIComponent(location.origin)}`);
        return `${app.href}#/embed/${kind}?${query.join("&")}`;
      }
      const game = this.getAttribute("game") || "othello";
      const query = PARAMS.filter((name) => this.hasAttribute(name))
        .map((name) => `${name}=${encodeURIComponent(this.getAttribute(name))}`);
      // A page opened from a file (origin "null") or with an origin the
      // frame refuses gets a board without messages (and `ms-error`).
      if (!MindSportsBoard.refusal) query.push(`parent=${encodeURIComponent(location.origin)}`);
      return `${app.href}#/embed/${encodeURIComponent(game)}${query.length ? "?" + query.join("&") : ""}`;
    }

    connectedCallback() {
      window.addEventListener("message", this._onMessage);
      if (!this.style.display) this.style.display = "block";
      this._load();
    }

    disconnectedCallback() {
      window.removeEventListener("message", this._onMessage);
    }

    attributeChangedCallback() {
      // Several changes in one task reload the frame once.
      if (!this.isConnected || this._pending) return;
      this._pending = true;
      queueMicrotask(() => {
        this._pending = false;
        this._load();
      });
    }

    _load() {
      const src = this.src;
      if (this._frame && this._frame.getAttribute("src") === src) return;
      // A new frame each time: a fresh page, whose `ready` comes again.
      const frame = document.createElement("iframe");
      frame.title = this.getAttribute("label") || "Mind Sports board";
      frame.allow = "clipboard-write";
      const height = this._frame ? this._frame.style.height : "420px";
      frame.style.cssText = `display:block;width:100%;height:${height};border:0`;
      frame.src = src;
      if (MindSportsBoard.refusal) frame.addEventListener("load", () => this._refuse(""), { once: true });
      this._ready = false;
      this._frame = frame;
      this.replaceChildren(frame);
    }

    /** Dispatches `ms-error` with the reason this page cannot talk to the board. */
    _refuse(prefix) {
      const message = { source: "mind-sports", version: 1, type: "error", message: prefix + MindSportsBoard.refusal };
      queueMicrotask(() => this.dispatchEvent(new CustomEvent("ms-error", { detail: message, bubbles: true })));
    }

    _onMessage(event) {
      const frame = this._frame;
      if (!frame || event.source !== frame.contentWindow || event.origin !== app.origin) return;
      const message = event.data;
      if (!message || message.source !== "mind-sports" || message.version !== 1) return;
      if (message.type === "resize" && Number.isFinite(message.height) && message.height >= 0) {
        frame.style.height = `${Math.min(Math.ceil(message.height), 20000)}px`;
      }
      if (message.type === "ready") {
        this._ready = true;
        for (const queued of this._queue.splice(0)) this._send(queued);
      }
      const name = EVENTS[message.type];
      if (name) this.dispatchEvent(new CustomEvent(name, { detail: message, bubbles: true }));
    }

    _post(type, fields) {
      const message = { ...fields, source: "mind-sports-host", version: 1, type };
      if (MindSportsBoard.refusal) this._refuse(`${type}: `);
      else if (this._ready) this._send(message);
      else this._queue.push(message);
    }

    _send(message) {
      if (this._frame && this._frame.contentWindow) this._frame.contentWindow.postMessage(message, app.origin);
    }

    play(move) { this._post("play", { move: String(move) }); }
    setPosition(position) { this._post("setPosition", { ...position }); }
    newGame(params) { this._post("newGame", { ...params }); }
    goToPly(ply) { this._post("goToPly", { ply: Number(ply) }); }
    setLang(lang) { this._post("setLang", { lang: String(lang) }); }
    setTheme(theme) { this._post("setTheme", { theme: String(theme) }); }
    flip() { this._post("flip", {}); }
  }

  /** The rule above, for tests and for pages that want to know first. */
  MindSportsBoard.acceptsParent = acceptsParent;
  customElements.define(TAG, MindSportsBoard);
})();
