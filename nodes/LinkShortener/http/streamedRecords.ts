import type { IDataObject } from 'n8n-workflow';

import { recordsOf } from './records';
import { isStream, type Api, type ApiRequest } from './request';
import { requestFailure } from '../n8n/requestFailure';
import { cancelSignalOf, throwIfCancelled } from '../n8n/wait';

/** Where recordsOf may find an answer's list: each such list is read element by element. */
const LIST_PATHS = new Set(['$', '$.data', '$.data.items', '$.data.links', '$.items', '$.links']);

/** Stands in the answer's outline for a list read element by element, naming it. */
const LIST_MARK = '\u0000list';

/** Text kept from the start of the answer, for the error of an answer that is not JSON. */
const HEAD_LENGTH = 4096;

interface Frame {
	array: boolean;
	/** Keys from the answer's top (`$`) down to this object or array (`#` below an array). */
	path: string;
	/** In an object: the key of the member being read, and whether a key comes next. */
	key: string;
	expectKey: boolean;
}

/**
 * The records of one answer, folded as it arrives (`add` for each, from a fresh `start()` for
 * each list): an answer of a million records never sits in memory whole, as text or as
 * objects. The records are recordsOf's, in order: every list recordsOf might pick is folded,
 * and the one it picks from the answer's outline (the answer without its lists) is returned.
 */
export async function foldRecords<T>(
	api: Api,
	request: ApiRequest,
	start: () => T,
	add: (folded: T, record: IDataObject, position: number) => void,
): Promise<T> {
	const response = await api.request({ ...request, stream: true });
	const lists = new Map<string, { folded: T; position: number }>();
	let isJson = true;
	const splitter = new ListSplitter((path, text) => {
		const record = jsonOf(text);
		if (record === NOT_JSON) return (isJson = false);
		let list = lists.get(path);
		if (!list) lists.set(path, (list = { folded: start(), position: 0 }));
		add(list.folded, record as IDataObject, list.position++);
		return true;
	});
	let outline: unknown = response.body;
	if (isStream(response.body)) {
		const decoder = new TextDecoder();
		const signal = cancelSignalOf(api.context);
		try {
			for await (const chunk of response.body) {
				splitter.read(decoder.decode(chunk, { stream: true }));
				if (!isJson || signal?.aborted) break;
			}
		} catch (error) {
			// The connection failed while the answer arrived.
			throw requestFailure(api.node, error);
		}
		throwIfCancelled(signal);
		outline = isJson ? jsonOf(splitter.end(decoder.decode())) : NOT_JSON;
		if (outline === NOT_JSON) throw await api.notJson(response, splitter.head);
	}
	const records = recordsOf(outline);
	const mark = records.length === 1 ? records[0]?.[LIST_MARK] : undefined;
	if (typeof mark === 'string') return lists.get(mark)?.folded ?? start();
	const folded = start();
	records.forEach((record, position) => add(folded, record, position));
	return folded;
}

const NOT_JSON = Symbol('not JSON');

function jsonOf(text: string | undefined): unknown {
	try {
		return text === undefined ? NOT_JSON : (JSON.parse(text) as unknown);
	} catch {
		return NOT_JSON;
	}
}

/**
 * Splits JSON text, chunk by chunk, into the elements of the lists at LIST_PATHS (each handed
 * on as its text) and the outline: the rest, each such list written as one mark naming it.
 * Text that does not start as a JSON object or array is all outline.
 */
class ListSplitter {
	/** The answer's first characters, for the error of an answer that is not JSON. */
	head = '';

	private readonly outline: string[] = [];

	private readonly frames: Frame[] = [];

	private started = false;

	private plain = false;

	private inString = false;

	private escaped = false;

	/** The key being read, as written, character by character (keys outside the lists: few, short). */
	private key?: string;

	/** Inside a list: the path, the current element's text so far, and how deep inside it. */
	private list?: { path: string; text: string; depth: number };

	constructor(private readonly onElement: (path: string, text: string) => boolean) {}

	read(chunk: string): void {
		if (this.head.length < HEAD_LENGTH) this.head += chunk.slice(0, HEAD_LENGTH - this.head.length);
		if (!this.started && chunk.trim()) {
			this.started = true;
			this.plain = !/^\s*[[{]/.test(chunk);
		}
		if (this.plain || !this.started) {
			this.outline.push(chunk);
			return;
		}
		let from = 0;
		for (let i = 0; i < chunk.length; i++) {
			const c = chunk[i];
			if (this.inString) {
				if (this.key !== undefined && !(c === '"' && !this.escaped)) this.key += c;
				if (this.escaped) this.escaped = false;
				else if (c === '\\') this.escaped = true;
				else if (c === '"') this.inString = false;
				continue;
			}
			const { list } = this;
			if (!list) {
				this.structure(c);
				if (this.list) {
					this.outline.push(chunk.slice(from, i + 1));
					from = i + 1;
				}
			} else if (c === '"') this.inString = true;
			else if (c === '{' || c === '[') list.depth++;
			else if ((c === '}' || c === ']') && list.depth > 0) list.depth--;
			else if ((c === ',' || c === ']') && list.depth === 0) {
				const text = (list.text + chunk.slice(from, i)).trim();
				list.text = '';
				from = i + 1;
				if (text && !this.onElement(list.path, text)) return;
				if (c === ']') {
					this.list = undefined;
					this.frames.pop();
					this.outline.push(`${JSON.stringify({ [LIST_MARK]: list.path })}]`);
				}
			}
		}
		if (this.list) this.list.text += chunk.slice(from);
		else this.outline.push(chunk.slice(from));
	}

	/** The outline's text once the answer has ended; undefined when it ended inside a list. */
	end(rest: string): string | undefined {
		this.read(rest);
		return this.list ? undefined : this.outline.join('');
	}

	/** A character outside strings and lists: objects, arrays and keys. */
	private structure(c: string): void {
		const frame = this.frames[this.frames.length - 1];
		if (c === '"') {
			this.inString = true;
			if (frame && !frame.array && frame.expectKey) this.key = '';
		} else if (c === ':' && frame && !frame.array) {
			// Keys as written: a list under a key written with escapes stays in the outline, read whole.
			if (this.key !== undefined) frame.key = this.key;
			this.key = undefined;
			frame.expectKey = false;
		} else if (c === ',' && frame && !frame.array) frame.expectKey = true;
		else if (c === '{' || c === '[') {
			const path = !frame ? '$' : frame.array ? '#' : `${frame.path}.${frame.key}`;
			this.frames.push({ array: c === '[', path, key: '', expectKey: c === '{' });
			if (c === '[' && LIST_PATHS.has(path)) this.list = { path, text: '', depth: 0 };
		} else if (c === '}' || c === ']') this.frames.pop();
	}
}
