// Types for ringlab-figures. figures.js exports nothing: loading it defines <ringlab-figure>.
// These types describe that element and its events, for the page's own TypeScript; bring them
// in with `import type {} from 'ringlab-figures'`, `/// <reference types="ringlab-figures" />`
// or "types": ["ringlab-figures"] in tsconfig.json.

/** A live consistent-hashing ring in the page's text (custom-elements.json describes it). */
export interface RingLabFigureElement extends HTMLElement {
  /** The figure's state: a Ringlab link's query, without the `?`. */
  link: string | null;
  /** The panels beside the ring, comma-separated (`last,ownership` when absent). */
  panels: string | null;
  /** The figure's name for screen readers. */
  label: string | null;
  /** The group whose controls in the text change this figure with the others. */
  group: string | null;
}

/** One server after the change: its share of the ring (0 to 1) and its keys. */
export interface RingLabServer {
  name: string;
  share: number;
  keys: number;
}

/** The ring after a change, undo or redo (the `ringlab-change` event's detail). */
export interface RingLabChangeDetail {
  /** The change in a line ("Server D added."), null before any change. */
  headline: string | null;
  /** What moved, in a sentence, null before any change. */
  summary: string | null;
  /** The change in the text form of a link's `then` (`add:D@60`), null before any change. */
  change: string | null;
  /** How many keys the ring holds. */
  keys: number;
  /** The placement's id (`ring`, `mod-n`, `jump`, `maglev`, …). */
  placement: string;
  /** Keys that moved on the last change under the chosen placement; 0 before any change. */
  moved: number;
  /** Keys that moved under the ring, null when the change was not measured under it. */
  ringMoved: number | null;
  /** Keys that moved under mod N, null when the change was not measured under it. */
  modNMoved: number | null;
  servers: RingLabServer[];
}

/** The figure is live (the `ringlab-ready` event's detail). */
export interface RingLabReadyDetail extends RingLabChangeDetail {
  /** The link the figure opened with. */
  link: string;
  /** What the link held that the figure could not read, in words. */
  notices: string[];
}

/** The figure refused something asked of it (the `ringlab-refused` event's detail). */
export interface RingLabRefusedDetail {
  message: string;
}

/** The figure's events. They bubble out of its shadow root, so a page may listen on document. */
export interface RingLabFigureEventMap {
  'ringlab-ready': CustomEvent<RingLabReadyDetail>;
  'ringlab-change': CustomEvent<RingLabChangeDetail>;
  'ringlab-refused': CustomEvent<RingLabRefusedDetail>;
}

declare global {
  interface HTMLElementTagNameMap {
    'ringlab-figure': RingLabFigureElement;
  }
  interface HTMLElementEventMap extends RingLabFigureEventMap {}
  interface DocumentEventMap extends RingLabFigureEventMap {}
  interface WindowEventMap extends RingLabFigureEventMap {}
}
