import { sleep } from 'n8n-workflow';

const reasonOf = (signal: AbortSignal) =>
	signal.reason instanceof Error ? signal.reason : new Error('The execution was cancelled');

/**
 * A wait that ends when the execution is cancelled. n8n-workflow's `sleep` takes the signal and
 * rejects with its reason in 2.x (`@n8n/utils`), but ignores it in 1.123.81 (whose abortable
 * wait, `sleepWithAbort`, 2.x does not export): here both reject at once, with the reason.
 */
export async function waitUnlessCancelled(ms: number, signal?: AbortSignal): Promise<void> {
	if (!signal) return await sleep(ms);
	if (signal.aborted) throw reasonOf(signal);
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
