import type { IRun } from 'n8n-workflow';

/** The execution hints n8n shows above the node's output (the engine runs the node as "Node"). */
export function hintsOf(run: IRun): string[] {
	return (run.data.resultData.runData.Node?.[0]?.hints ?? []).map((hint) => hint.message);
}
