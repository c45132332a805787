/**
 * Share by URL: the whole page state (the input tab, level text or preset,
 * domain and problem when edited, a domain of one's own brought in with the
 * PDDL tab's "use this", the PDDL tab's two texts, every option, backend,
 * the Search view's limit) in the fragment, so a link on
 * a slide opens the same page. The fragment is `#s=` then a format letter:
 * `j` base64url of the JSON, `z` base64url of the JSON compressed with the
 * browser's CompressionStream('deflate-raw') once the plain form is longer
 * than PLAIN_UP_TO (then whichever is shorter).
 * Decoding checks every field and throws a ShareError with a sentence for a
 * malformed or truncated link; nothing of such a link is applied.
 */

/** What a link carries. Absent fields keep the page's defaults. */
export interface SharedState {
  /** The format version. */
  v: 1;
  /** The input tab (links made before the PDDL tab carried only level or domain). */
  mode: 'level' | 'domain' | 'pddl';
  /** The chosen preset's id (e.g. "tutorial-7"). */
  preset?: string;
  /** The level text, when it is not the preset's own. */
  level?: string;
  /** The chosen domain's id. */
  domain?: string;
  /** The text of a domain of one's own (no bundled one: brought in with the PDDL tab's "use this"); its problem is problemText. */
  ownDomain?: string;
  /** The PDDL tab's domain text, when it has one. */
  pddlDomain?: string;
  /** The PDDL tab's problem text, when it has one. */
  pddlProblem?: string;
  /** The Search view's limit (expansions recorded), when not the server's default. */
  traceLimit?: string;
  /** The domain text, when edited. */
  domainText?: string;
  /** The chosen problem file. */
  problem?: string;
  /** The problem text, when edited. */
  problemText?: string;
  backend?: string;
  algo?: string;
  heuristic?: string;
  timeout?: string;
  maxNodes?: string;
  /** The option panel's values by field, as the user set them. */
  options?: Record<string, string | boolean>;
}

export class ShareError extends Error {
  override name = 'ShareError';
}

/** The fragment's key. */
export const PREFIX = '#s=';

const toBase64url = (bytes: Uint8Array<ArrayBuffer>): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new ShareError('the link is damaged (it has characters or a length no shared link has)');
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
};

async function through(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** A link this short stays uncompressed (its JSON can be read back with any base64 decoder). */
export const PLAIN_UP_TO = 240;

/** The fragment (`#s=…`) of a state. */
export async function encodeState(state: SharedState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  const plain = `j${toBase64url(json)}`;
  if (plain.length <= PLAIN_UP_TO) return PREFIX + plain;
  const packed = `z${toBase64url(await through(json, new CompressionStream('deflate-raw')))}`;
  return PREFIX + (packed.length < plain.length ? packed : plain);
}

const STRING_FIELDS = ['preset', 'level', 'domain', 'ownDomain', 'domainText', 'problem', 'problemText', 'pddlDomain', 'pddlProblem', 'backend', 'algo', 'heuristic', 'timeout', 'maxNodes', 'traceLimit'] as const;

/** The state of a fragment (`#s=…`); throws a ShareError saying what is wrong. */
export async function decodeState(hash: string): Promise<SharedState> {
  if (!hash.startsWith(PREFIX)) throw new ShareError('the link has no shared page in it (it should end in #s=…)');
  const body = hash.slice(PREFIX.length);
  const kind = body[0];
  if (kind !== 'j' && kind !== 'z') throw new ShareError('the link is damaged (unknown format)');
  let bytes = fromBase64url(body.slice(1));
  if (kind === 'z') {
    try {
      bytes = await through(bytes, new DecompressionStream('deflate-raw'));
    } catch {
      throw new ShareError('the link is damaged or cut short (its compressed part does not unpack)');
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ShareError('the link is damaged or cut short (its text is no complete page state)');
  }
  return checkState(value);
}

function checkState(value: unknown): SharedState {
  const bad = (what: string): never => {
    throw new ShareError(`the link is damaged: ${what}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad('it holds no page state');
  const o = value as Record<string, unknown>;
  if (o.v !== 1) return bad(`unknown version ${JSON.stringify(o.v)} (this page reads version 1)`);
  if (o.mode !== 'level' && o.mode !== 'domain' && o.mode !== 'pddl') return bad('mode must be "level", "domain" or "pddl"');
  for (const k of STRING_FIELDS) if (o[k] !== undefined && typeof o[k] !== 'string') bad(`${k} must be a text`);
  if (o.options !== undefined) {
    if (typeof o.options !== 'object' || o.options === null || Array.isArray(o.options)) bad('options must be an object');
    for (const [k, x] of Object.entries(o.options as object)) if (typeof x !== 'string' && typeof x !== 'boolean') bad(`option ${k} must be a text or true/false`);
  }
  const known = new Set<string>(['v', 'mode', 'options', ...STRING_FIELDS]);
  const extra = Object.keys(o).filter((k) => !known.has(k));
  if (extra.length) bad(`unknown field ${extra[0]}`);
  return o as unknown as SharedState;
}
