export type QrErrorCorrectionLevel = 'L' | 'M' | 'Q' | 'H';

/** A finished QR symbol: `modules[row][column]` is true for a dark module. No quiet zone. */
export interface QrMatrix {
	readonly version: number;
	readonly level: QrErrorCorrectionLevel;
	readonly mask: number;
	/** Modules per side: 17 + 4 × version. */
	readonly size: number;
	readonly modules: ReadonlyArray<ReadonlyArray<boolean>>;
}
