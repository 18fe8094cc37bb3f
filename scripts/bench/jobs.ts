import type { Listed } from './listedLinks';

/** What one child process measures, and the messages between it and the parent. */
export type Operation = 'create' | 'update' | 'list' | 'sync';
/**
 * node: the Link Shortener node through n8n's engine; plain: a plain fetch script (pages one at
 * a time); plainConcurrent: the same pages, `concurrency` at once; expressions: n8n's own cost
 * of the per-row parameters; httpRequest: n8n's HTTP Request node with its pagination.
 */
export type Runner = 'node' | 'plain' | 'plainConcurrent' | 'expressions' | 'httpRequest';
export type Mode = 'autoMap' | 'defineBelow';

export interface Job {
	operation: Operation;
	runner: Runner;
	/** For the node and the expressions baseline of create / update. */
	mode?: Mode;
	/** autoMap: the columns as a spreadsheet export names them (Long URL, Title, Link ID, Notes, row_number) instead of the link fields' names. */
	headers?: 'sheet';
	rows: number;
	baseUrl: string;
	apiKey: string;
	/** Update: the ids of links that exist. */
	ids?: string[];
	/** Update: the title every row sets (default "Renamed <row>"). */
	updateTitle?: string;
	/** Sync: the sheet's rows (path, longUrl, title), in order. */
	sheet?: Array<Record<string, string>>;
	/** List, plain scripts and HTTP Request: the page size to ask for (default 100). */
	pageSize?: number;
	/** plainConcurrent: pages in flight at once. */
	concurrency?: number;
}

export interface RunResult extends Listed {
	wallMs: number;
	/** n8n's own executionTime of the node in the run data, as the editor shows it (engine runs only). */
	executionMs?: number;
	errorItems: number;
}

export interface JobResult extends RunResult {
	/** Highest RSS sampled during any measured run. */
	peakRssMb: number;
	/** RSS just before the first measured run (modules loaded, warmed up). */
	startRssMb: number;
}

/** Parent → worker: the job, then one 'run' per measurement, then 'done'. */
export type ParentMessage = Job | 'run' | 'done';
/** Worker → parent: 'ready' after the warm-up, then one result per 'run'. */
export type WorkerMessage =
	| { type: 'ready'; rssMb: number }
	| { type: 'run'; result: RunResult & { peakRssMb: number } }
	| { type: 'failed'; error: string };

export const WARM_UP_ROWS = 200;
