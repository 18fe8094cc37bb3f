/**
 * A minimal, in-memory ICredentialsHelper for running nodes through n8n's engine in tests.
 *
 * - getDecrypted returns the decrypted data the test supplied for that credential *type*
 *   (the credential id/name on the node are ignored).
 * - authenticate mirrors packages/cli/src/credentials-helper.ts: a function `authenticate`
 *   is called as-is; a generic `authenticate.properties` (headers / qs / body / auth) is
 *   applied by resolving each key and value as an n8n expression with `$credentials` bound
 *   to the credential data (through the workflow's real expression engine when the request
 *   helper passes workflow + node, which n8n-core always does; otherwise a small
 *   `{{ $credentials.x }}` resolver).
 * - pre-authentication, persisting and OAuth token updates are no-ops.
 */
import { ICredentialsHelper, isExpression, NodeHelpers, UnexpectedError } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowDataProxyAdditionalKeys,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';

export type CredentialsMap = Record<string, ICredentialDataDecryptedObject>;

/** Resolves `={{ $credentials.a.b }}`-style templates without a workflow. */
export function resolveCredentialTemplate(
	value: string,
	credentials: ICredentialDataDecryptedObject,
): string {
	if (!isExpression(value)) return value;
	const body = value.slice(1);
	const whole = /^\s*\{\{\s*\$credentials(?:\.([\w$.]+)|\[['"]([^'"]+)['"]\])\s*\}\}\s*$/.exec(
		body,
	);
	const lookup = (path: string): unknown =>
		path.split('.').reduce<unknown>((acc, key) => {
			if (acc && typeof acc === 'object') return (acc as IDataObject)[key];
			return undefined;
		}, credentials);
	if (whole) {
		const resolved = lookup(whole[1] ?? whole[2]);
		return resolved === undefined || resolved === null ? '' : String(resolved);
	}
	return body.replace(
		/\{\{\s*\$credentials(?:\.([\w$.]+)|\[['"]([^'"]+)['"]\])\s*\}\}/g,
		(_all, dotted: string | undefined, bracket: string | undefined) => {
			const resolved = lookup((dotted ?? bracket) as string);
			return resolved === undefined || resolved === null ? '' : String(resolved);
		},
	);
}

export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly credentialTypes: Map<string, ICredentialType>;
	/** How many times a credential was read (n8n reads its database and decrypts each time). */
	reads = 0;

	constructor(
		credentialTypes: ICredentialType[] | Map<string, ICredentialType>,
		private credentials: CredentialsMap = {},
	) {
		super();
		this.credentialTypes =
			credentialTypes instanceof Map
				? credentialTypes
				: new Map(credentialTypes.map((type) => [type.name, type]));
	}

	setCredentials(credentials: CredentialsMap): void {
		this.credentials = credentials;
	}

	getCredentialType(name: string): ICredentialType {
		const type = this.credentialTypes.get(name);
		if (!type) {
			throw new UnexpectedError(
				`Unknown credential type "${name}" (not registered with the test Engine)`,
			);
		}
		return type;
	}

	getParentTypes(name: string): string[] {
		const type = this.credentialTypes.get(name);
		const parents = type?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.credentialTypes.get(credentialType);
		if (!type?.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).some(
			(supported) => supported === nodeType || nodeType.endsWith(`.${supported}`),
		);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const credentialType = this.getCredentialType(typeName);
		const { authenticate } = credentialType;
		if (!authenticate) return requestOptions;

		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions);
		}

		if (authenticate.type === 'generic') {
			requestOptions.headers ??= {};
			const target = requestOptions as unknown as Record<string, Record<string, unknown>>;
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				if (!outerValue || typeof outerValue !== 'object') continue;
				for (const [key, value] of Object.entries(outerValue as Record<string, unknown>)) {
					const keyResolved = this.resolveValue(key, credentials, workflow, node);
					const valueResolved =
						typeof value === 'string'
							? this.resolveValue(value, credentials, workflow, node)
							: value;
					if (!target[outerKey] || typeof target[outerKey] !== 'object') target[outerKey] = {};
					target[outerKey][keyResolved] = valueResolved;
				}
			}
		}
		return requestOptions;
	}

	private resolveValue(
		value: string,
		credentials: ICredentialDataDecryptedObject,
		workflow?: Workflow,
		node?: INode,
	): string {
		if (!isExpression(value)) return value;
		if (!workflow || !node) return resolveCredentialTemplate(value, credentials);
		const additionalKeys = {
			$credentials: credentials,
		} as unknown as IWorkflowDataProxyAdditionalKeys;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			additionalKeys,
			undefined,
			'',
		);
		if (resolved === undefined || resolved === null || resolved === '') return '';
		return String(resolved as string);
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		const data = this.credentials[type] ?? {};
		// A plain ICredentials look-alike; n8n-core only calls it for OAuth flows.
		const credentials = {
			id: nodeCredentials.id ?? undefined,
			name: nodeCredentials.name,
			type,
			data: undefined,
			getData: async () => ({ ...data }),
			getDataToSave: () => ({ id: nodeCredentials.id, name: nodeCredentials.name, type, data: '' }),
			setData: async () => {},
			updateData: async () => {},
		};
		return credentials as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		this.reads++;
		const data = this.credentials[type];
		if (data === undefined) {
			throw new UnexpectedError(
				`No test credentials given for credential type "${type}" (pass them in the Engine call's "credentials" option)`,
			);
		}
		// Credential-type defaults filled in by n8n's own helper, as the CLI's applyDefaultsAndOverwrites does.
		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			data as INodeParameters,
			true,
			false,
			null,
			null,
		);
		return { ...data, ...(withDefaults as ICredentialDataDecryptedObject) };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.credentialTypes.get(type);
		if (!credentialType) return [];
		if (!credentialType.extends?.length) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}
}
