/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/**
 * A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for n8n's OpenAI Chat
 * Model node in tests: no real model, no network. Each conversation is answered by a script:
 * the first answer calls the tools the script names (`tool_calls`), the next one is a final
 * answer built from what the tools returned. Every request is recorded (its messages and the
 * tools the model was offered).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content?: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{
		id: string;
		type: 'function';
		function: { name: string; arguments: string };
	}>;
	tool_call_id?: string;
	name?: string;
}

export interface OfferedTool {
	type: 'function';
	function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: OfferedTool[];
	stream?: boolean;
}

/** A tool call the model makes: the tool's name and its arguments. */
export interface ScriptedCall {
	tool: string;
	args: Record<string, unknown>;
}

/** What the model answers: tool calls on the user's message, then a text built from the tool results. */
export interface Script {
	calls: ScriptedCall[];
	/** Further rounds: each makes its calls from the tool results so far (a model that acts on what it got back). */
	then?: Array<(toolResults: string[]) => ScriptedCall[]>;
	/** The final answer, given the content of each tool message (default: "Done: " + the contents). */
	answer?: (toolResults: string[]) => string;
}

export const textOf = (content: ChatMessage['content']): string =>
	typeof content === 'string'
		? content
		: Array.isArray(content)
			? content.map((part) => part.text ?? '').join('')
			: '';

export class ModelServer {
	readonly requests: ChatRequest[] = [];
	private script: Script = { calls: [] };
	private callCount = 0;

	private constructor(
		private readonly server: Server,
		readonly baseUrl: string,
	) {}

	static async start(): Promise<ModelServer> {
		const handler: { handle?: (req: IncomingMessage, res: ServerResponse) => Promise<void> } = {};
		const server = createServer((req, res) => void handler.handle?.(req, res));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		const instance = new ModelServer(server, `http://127.0.0.1:${port}/v1`);
		handler.handle = async (req, res) => await instance.handle(req, res);
		return instance;
	}

	/** The script for the next conversation; clears the recorded requests. */
	use(script: Script): void {
		this.script = script;
		this.requests.length = 0;
	}

	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const path = (req.url ?? '').split('?')[0];
		if (req.method === 'GET' && path.endsWith('/models')) {
			return this.json(res, 200, {
				object: 'list',
				data: [{ id: 'scripted-model', object: 'model', owned_by: 'tests' }],
			});
		}
		if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
			return this.json(res, 404, {
				error: { message: `No route for ${req.method} ${path}`, type: 'invalid_request_error' },
			});
		}
		const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
		this.requests.push(request);
		const message = this.reply(request);
		const completion = {
			id: `chatcmpl-${this.requests.length}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: request.model,
			choices: [
				{
					index: 0,
					message,
					finish_reason: message.tool_calls ? 'tool_calls' : 'stop',
					logprobs: null,
				},
			],
			usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
		};
		if (!request.stream) return this.json(res, 200, completion);
		res.writeHead(200, { 'Content-Type': 'text/event-stream' });
		const delta = {
			role: 'assistant',
			content: message.content ?? null,
			tool_calls: message.tool_calls?.map((call, index) => ({ index, ...call })),
		};
		res.write(
			`data: ${JSON.stringify({ ...completion, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
		);
		res.write(
			`data: ${JSON.stringify({ ...completion, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: completion.choices[0].finish_reason }] })}\n\n`,
		);
		res.end('data: [DONE]\n\n');
	}

	/** The script's calls on the user's message, then each further round's; then the final answer. */
	private reply(request: ChatRequest): ChatMessage {
		const toolResults = request.messages
			.filter((message) => message.role === 'tool')
			.map((message) => textOf(message.content));
		const round = request.messages.filter((message) => message.tool_calls?.length).length;
		const calls =
			round === 0 ? this.script.calls : (this.script.then?.[round - 1]?.(toolResults) ?? []);
		if (calls.length > 0) {
			return {
				role: 'assistant',
				content: null,
				tool_calls: calls.map((call) => ({
					id: `call_${++this.callCount}`,
					type: 'function',
					function: { name: call.tool, arguments: JSON.stringify(call.args) },
				})),
			};
		}
		const answer = this.script.answer ?? ((results: string[]) => `Done: ${results.join(' | ')}`);
		return { role: 'assistant', content: answer(toolResults) };
	}

	private json(res: ServerResponse, status: number, body: unknown): void {
		res.writeHead(status, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify(body));
	}
}
