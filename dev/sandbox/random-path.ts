import { randomBytes } from 'crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Bytes at or above this are skipped so that every letter is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);
export const RANDOM_PATH_LENGTH = 7;

let pool = Buffer.alloc(0);
let offset = 0;

function nextByte(): number {
	// One randomBytes call per 4 KiB: per-link calls would dominate a 10,000-link request.
	if (offset >= pool.length) {
		pool = randomBytes(4096);
		offset = 0;
	}
	return pool[offset++];
}

/** 7 characters of [a-zA-Z0-9]. */
export function randomPath(): string {
	let path = '';
	while (path.length < RANDOM_PATH_LENGTH) {
		const byte = nextByte();
		if (byte < UNBIASED_LIMIT) path += ALPHABET[byte % ALPHABET.length];
	}
	return path;
}
