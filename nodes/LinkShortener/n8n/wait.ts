import { sleep } from 'n8n-workflow';

const reasonOf = (signal: AbortSignal) =>
	signal.reason instanceof Error ? signal.reason : new Error('The execution was cancelled');

/**
 * The execution's cancel signal. n8n gives it on a run's context (`getExecutionCancelSignal`,
 * 2.41.1 and 1.123.81), not on a poll's or an editor list's: there, none. n8n hands it to each
 * request of `httpRequestWithAuthentication` (a cancel aborts the API's requests), not to its
 * plain `httpRequest` nor to `sleep` in 1.x: the node's own waits and loops stop on it.
 */
export function cancelSignalOf(context: object): AbortSignal | undefined {
	// Called on the context: n8n's method reads its signal from `this`.
	return (
		context as { getExecutionCancelSignal?: () => AbortSignal | undefined }
	).getExecutionCancelSignal?.();
}

/** Throws the cancel's reason once the execution is cancelled: a check between two requests. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
	if (signal?.aborted) throw reasonOf(signal);
}

/**
 * A wait that ends when the execution is cancelled. n8n-workflow's `sleep` takes the signal and
 * rejects with its reason in 2.x (`@n8n/utils`), but ignores it in 1.123.81 (whose abortable
 * wait, `sleepWithAbort`, 2.x does not export): here both reject at once, with the reason.
 */
export async function waitUnlessCancelled(ms: number, signal?: AbortSignal): Promise<void> {
	if (!signal) return await sleep(ms);
	throwIfCancelled(signal);
	let onAbort = () => {};
	const cancelled = new Promise<never>((_resolve, reject) => {
		onAbort = () => reject(reasonOf(signal));
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		await Promise.race([sleep(ms, signal), cancelled]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}
