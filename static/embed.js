/*
 * Mind Sports: <mind-sports-board>, a live board for any web page.
 *
 *   <script src="https://APP/embed.js" defer></script>
 *   <mind-sports-board game="othello" moves="f5d6" mode="view"></mind-sports-board>
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
 * frame is ready are sent when it is. Changing an attribute reloads the
 * frame; `label` names it for screen readers. Attributes and messages: docs/embed.md (message API version 1).
 * No dependencies; nothing is sent anywhere but to the frame.
 */
(() => {
  "use strict";
  const TAG = "mind-sports-board";
  if (customElements.get(TAG)) return;

  const script = document.currentScript;
  const app = new URL(".", script && script.src ? script.src : location.href);
  const PARAMS = ["variant", "size", "board", "position", "heaps", "misere", "moves", "ply", "mode",
    "lesson", "puzzle", "side", "level", "lang", "theme", "coords", "controls"];
  const EVENTS = {
    ready: "ms-ready", resize: "ms-resize", move: "ms-move", position: "ms-position",
    gameOver: "ms-gameover", lessonComplete: "ms-lessoncomplete",
    puzzleSolved: "ms-puzzlesolved", error: "ms-error",
  };

  class MindSportsBoard extends HTMLElement {
    static get observedAttributes() {
      return ["game", ...PARAMS];
    }

    constructor() {
      super();
      this._frame = null;
      this._ready = false;
      this._queue = [];
      this._pending = false;
      this._onMessage = this._onMessage.bind(this);
    }

    /** The frame's address for the current attributes. */
    get src() {
      const game = this.getAttribute("game") || "othello";
      const query = PARAMS.filter((name) => this.hasAttribute(name))
        .map((name) => `${name}=${encodeURIComponent(this.getAttribute(name))}`);
      // A page opened from a file has no origin: the frame then sends and
      // takes no messages.
      if (location.origin && location.origin !== "null") {
        query.push(`parent=${encodeURIComponent(location.origin)}`);
      }
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
      this._ready = false;
      this._frame = frame;
      this.replaceChildren(frame);
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
      if (this._ready) this._send(message);
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

  customElements.define(TAG, MindSportsBoard);
})();
