import { adler32 } from './checksums';

const MAX_STORED_BLOCK = 0xffff;

/**
 * A zlib stream (RFC 1950) whose deflate data (RFC 1951) is stored blocks, without compression:
 * a QR code's few kilobytes do not need more, and the package stays free of dependencies.
 */
export function zlibStored(data: Uint8Array): Buffer {
	const blockCount = Math.max(1, Math.ceil(data.length / MAX_STORED_BLOCK));
	const out = Buffer.alloc(2 + blockCount * 5 + data.length + 4);
	// CMF 0x78: deflate with a 32 KiB window; FLG 0x01 makes CMF·256 + FLG a multiple of 31.
	out[0] = 0x78;
	out[1] = 0x01;
	let position = 2;
	for (let block = 0; block < blockCount; block++) {
		const start = block * MAX_STORED_BLOCK;
		const length = Math.min(MAX_STORED_BLOCK, data.length - start);
		out[position] = block === blockCount - 1 ? 1 : 0;
		out.writeUInt16LE(length, position + 1);
		out.writeUInt16LE(~length & 0xffff, position + 3);
		out.set(data.subarray(start, start + length), position + 5);
		position += 5 + length;
	}
	out.writeUInt32BE(adler32(data), position);
	return out;
}
