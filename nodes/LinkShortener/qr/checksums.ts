const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

/** CRC-32 (ISO 3309, as PNG chunks use it) of the given byte ranges, in order. */
export function crc32(...parts: Uint8Array[]): number {
	let crc = 0xffffffff;
	for (const part of parts) {
		for (let i = 0; i < part.length; i++) crc = CRC_TABLE[(crc ^ part[i]) & 0xff] ^ (crc >>> 8);
	}
	return (crc ^ 0xffffffff) >>> 0;
}

/** Adler-32, the checksum that closes a zlib stream. */
export function adler32(data: Uint8Array): number {
	const MOD = 65521;
	// 5552 bytes is the most that can be summed before the 32-bit sums could overflow.
	const CHUNK = 5552;
	let a = 1;
	let b = 0;
	for (let start = 0; start < data.length; start += CHUNK) {
		const end = Math.min(start + CHUNK, data.length);
		for (let i = start; i < end; i++) {
			a += data[i];
			b += a;
		}
		a %= MOD;
		b %= MOD;
	}
	return ((b << 16) | a) >>> 0;
}
