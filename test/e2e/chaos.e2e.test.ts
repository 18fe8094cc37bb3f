/* eslint-disable no-console -- tests, not loaded by n8n */
/**
 * The chaos soak in real n8n (`n8n execute`): four seeds of test/chaos/soak.test.ts's plan,
 * each Create Many, Update Many and Sync Many with n8n's own Retry On Fail and On Error:
 * Continue against a server failing at the seed's random places, then a fault-free Sync Many.
 */
import { checkConverged, checkRun, serverLinksOf } from '../../dev/chaos/invariants';
import { chaosPlan, chaosSeeds, type ChaosRun } from '../../dev/chaos/plan';
import type { RunJson } from '../../dev/n8n';
import { pairedOutput, useN8nSuite, type WorkflowHandle } from './harness';
import { LINK_NODE, linkWorkflow } from './workflows';

const suite = useN8nSuite({ sandbox: { rateLimit: null, logBodies: false } });
const plans = chaosSeeds(4).map((seed) => chaosPlan(seed));

const workflowOf = (name: string, run: ChaosRun, rows: ChaosRun['rows'], faultFree = false) => {
	const { onError, ...retry } = run.settings;
	return suite.workflow(
		linkWorkflow(name, run.parameters as never, {
			rows,
			...(faultFree ? {} : { onError, retry }),
		}),
	);
};
const workflows = new Map<number, { runs: WorkflowHandle[]; final: WorkflowHandle }>(
	plans.map((plan) => [
		plan.seed,
		{
			runs: plan.runs.map((run) => workflowOf(`e2e chaos ${plan.seed} ${run.name}`, run, run.rows)),
			final: workflowOf(
				`e2e chaos ${plan.seed} final sync`,
				plan.runs[plan.runs.length - 1],
				plan.finalRows,
				true,
			),
		},
	]),
);

const serverLinks = () => serverLinksOf(suite.sandbox.links);
const itemsOf = (run: RunJson) => [
	...pairedOutput(run, LINK_NODE, 0),
	...pairedOutput(run, LINK_NODE, 1),
];

test.each(plans.map((plan) => [plan.seed, plan] as const))(
	'seed %i: every row one item, nothing created twice, a fault-free sync converges',
	async (seed, plan) => {
		const { runs, final } = workflows.get(seed)!;
		const problems: string[] = [];
		for (const [index, run] of plan.runs.entries()) {
			for (const rule of run.faults) suite.sandbox.injectFault(rule);
			const result = await suite.executeOk(runs[index]);
			suite.sandbox.clearFaults();
			problems.push(...checkRun(run, itemsOf(result), serverLinks()));
		}
		const faulted = suite.sandbox.requests.filter(
			(r) => r.fault !== undefined && r.fault !== 'delay',
		);
		const urls = new Set(serverLinks().map((link) => link.longUrl));
		const missing = plan.finalRows.filter((row) => !urls.has(String(row.longUrl))).length;
		const converged = await suite.executeOk(final);
		problems.push(...checkConverged(plan.finalRows, itemsOf(converged), serverLinks(), missing));

		console.log(
			`chaos seed ${seed}: ${faulted.length} requests met a fault; ${missing} links missing before the fault-free sync`,
		);
		expect({ seed, problems }).toEqual({ seed, problems: [] });
	},
);
