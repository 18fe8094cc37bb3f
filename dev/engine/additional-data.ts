import { randomUUID } from 'node:crypto';

import { ExternalSecretsProxy } from 'n8n-core';
import { UnexpectedError } from 'n8n-workflow';
import type { ICredentialsHelper, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

const notAvailable = (what: string) => () => {
	throw new UnexpectedError(`${what} is not available in the test Engine`);
};

/** The IWorkflowExecuteAdditionalData n8n-core needs (the CLI builds it from its services; here by hand). */
export function createAdditionalData(
	credentialsHelper: ICredentialsHelper,
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	const base = 'http://127.0.0.1:5678';
	return {
		credentialsHelper,
		executeWorkflow: notAvailable('executeWorkflow (sub-workflows)'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		executionId: `test-${randomUUID()}`,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: notAvailable('startRunnerTask (task runners)') as never,
		externalSecretsProxy: new ExternalSecretsProxy(),
		userId: 'test-user',
		...extra,
	};
}
