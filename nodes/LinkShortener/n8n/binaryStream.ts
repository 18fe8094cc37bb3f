import type { NodeRun } from './nodeRun';

/** What `prepareBinaryData` takes: a Buffer or a Readable. */
type BinaryInput = Parameters<NodeRun['helpers']['prepareBinaryData']>[0];

type Listener = (...args: unknown[]) => void;

/**
 * A file handed to n8n while it is being made. n8n's binary data stores a stream by its mode:
 * filesystem mode writes it with `fs.writeFile`, which iterates it (`for await`), so n8n pulls
 * each chunk when it has written the one before; the database mode, the in-memory mode and
 * 1.x read it through its `data`, `end`, `error` and `close` events. n8n's scan forbids
 * importing `node:stream`, so this is the part of a Readable both ways use, over chunks made
 * on demand. A failing chunk fails the store: n8n then keeps no file (filesystem mode writes
 * to a temporary file and renames it only once it is whole).
 */
class ChunkStream {
	private readonly listeners = new Map<string, Listener[]>();

	private flowing = false;

	constructor(private readonly chunks: AsyncGenerator<Buffer>) {}

	[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
		return this.chunks;
	}

	on(event: string, listener: Listener): this {
		this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
		if (event === 'data') void this.flow();
		return this;
	}

	once(event: string, listener: Listener): this {
		const once: Listener = (...args) => {
			this.off(event, once);
			listener(...args);
		};
		return this.on(event, once);
	}

	off(event: string, listener: Listener): this {
		this.listeners.set(
			event,
			(this.listeners.get(event) ?? []).filter((l) => l !== listener),
		);
		return this;
	}

	removeListener(event: string, listener: Listener): this {
		return this.off(event, listener);
	}

	destroy(): this {
		void this.chunks.return(undefined as never);
		return this;
	}

	private emit(event: string, ...args: unknown[]): void {
		for (const listener of this.listeners.get(event) ?? []) listener(...args);
	}

	/** Emits every chunk, then `end`, or `error`; then `close`. Starts after the caller's listeners are all added. */
	private async flow(): Promise<void> {
		if (this.flowing) return;
		this.flowing = true;
		await Promise.resolve();
		try {
			for await (const chunk of this.chunks) this.emit('data', chunk);
			this.emit('end');
		} catch (error) {
			this.emit('error', error);
		}
		this.emit('close');
	}
}

/**
 * A file made of chunks made on demand, stored in n8n's binary data as a stream. n8n's
 * `prepareBinaryData` resolves once it has read the whole stream (2.41.1 in filesystem and
 * database mode, 1.123.81 in memory): what the chunks counted is complete when this resolves.
 */
export async function storedFile(
	context: Pick<NodeRun, 'helpers'>,
	chunks: AsyncGenerator<Buffer>,
	fileName: string,
	mimeType: string,
): Promise<Awaited<ReturnType<NodeRun['helpers']['prepareBinaryData']>>> {
	const stream = new ChunkStream(chunks) as unknown as BinaryInput;
	return await context.helpers.prepareBinaryData(stream, fileName, mimeType);
}
