/**
 * A small client of a running app (local or deployed) for operators' checks and the crash tests: the API with
 * a bearer token, Cognito through the app's own configuration (GET /api/config), sign-up and sign-in.
 */
import type { RuntimeConfig } from '../../shared/schemas/user';

/** What checks read of an API answer: an error's message, a created record's id, a link's url. */
export interface Answer {
  message?: string;
  id?: string;
  url?: string;
  [key: string]: unknown;
}

export interface AppClient {
  url: string;
  config: RuntimeConfig;
  /** One API call; `T` is what the caller reads of the answer (a non-JSON answer becomes its message). */
  api<T = Answer>(
    token: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: (T & Answer) | null }>;
  cognito(op: string, body: unknown): Promise<{ status: number; json: CognitoAnswer | null }>;
  signIn(email: string, password: string): Promise<string | null>;
}

export interface CognitoAnswer {
  message?: string;
  AuthenticationResult?: { IdToken?: string };
}

export async function connectApp(baseUrl: string): Promise<AppClient> {
  const url = baseUrl.replace(/\/$/, '');
  const api: AppClient['api'] = async (token, method, path, body, headers = {}) => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await res.text();
    try {
      return { status: res.status, json: text ? JSON.parse(text) : null };
    } catch {
      return { status: res.status, json: { message: text } as never };
    }
  };
  const cfgRes = await api<RuntimeConfig>(null, 'GET', '/api/config');
  if (cfgRes.status !== 200 || !cfgRes.json) throw new Error(`GET /api/config answered ${cfgRes.status}`);
  const config: RuntimeConfig = cfgRes.json;
  const cognitoEndpoint = config.auth.userPoolEndpoint
    ? new URL(config.auth.userPoolEndpoint, url).href
    : `https://cognito-idp.${config.auth.region}.amazonaws.com/`;
  const cognito: AppClient['cognito'] = async (op, body) => {
    const res = await fetch(cognitoEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as CognitoAnswer | null };
  };
  const signIn = async (email: string, password: string) => {
    const r = await cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.auth.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    return r.json?.AuthenticationResult?.IdToken ?? null;
  };
  return { url, config, api, cognito, signIn };
}
