/**
 * The one Cognito user-pool client of a function (cognito.ts reads and revokes, cognito-admin.ts deletes): the
 * commands it sends, named as the SDK's are (the IAM map, functions/lib/aws-access.ts, names them), over the light
 * JSON-protocol caller (shared/aws-json.ts) instead of the SDK v3 client. It talks to cognito-local when
 * COGNITO_ENDPOINT is set. Each command reads back only what our code uses of its answer.
 */
import { awsJsonCaller, isRaw, text, type Raw } from '../../shared/aws-json';
import { getConfig } from './config';

export abstract class CognitoCommand<Output> {
  abstract readonly operation: string;
  constructor(readonly input: Raw) {}
  abstract answer(raw: Raw): Output;
}

/** Commands whose answer our code does not read. */
abstract class CognitoAction extends CognitoCommand<void> {
  answer(): void {}
}

export interface UserAttribute {
  Name: string;
  Value?: string;
}

export class AdminGetUserCommand extends CognitoCommand<{ Enabled?: boolean; UserAttributes: UserAttribute[] }> {
  readonly operation = 'AdminGetUser';
  constructor(input: { UserPoolId: string; Username: string }) {
    super(input);
  }
  answer(raw: Raw) {
    const attributes = Array.isArray(raw.UserAttributes) ? raw.UserAttributes.filter(isRaw) : [];
    return {
      Enabled: typeof raw.Enabled === 'boolean' ? raw.Enabled : undefined,
      UserAttributes: attributes.map((a) => ({ Name: text(a.Name) ?? '', Value: text(a.Value) })),
    };
  }
}

export class AdminDisableUserCommand extends CognitoAction {
  readonly operation = 'AdminDisableUser';
  constructor(input: { UserPoolId: string; Username: string }) {
    super(input);
  }
}

export class AdminUserGlobalSignOutCommand extends CognitoAction {
  readonly operation = 'AdminUserGlobalSignOut';
  constructor(input: { UserPoolId: string; Username: string }) {
    super(input);
  }
}

export class AdminDeleteUserCommand extends CognitoAction {
  readonly operation = 'AdminDeleteUser';
  constructor(input: { UserPoolId: string; Username: string }) {
    super(input);
  }
}

export class InitiateAuthCommand extends CognitoCommand<{ AuthenticationResult?: { RefreshToken?: string } }> {
  readonly operation = 'InitiateAuth';
  constructor(input: { AuthFlow: 'USER_PASSWORD_AUTH'; ClientId: string; AuthParameters: Record<string, string> }) {
    super(input);
  }
  answer(raw: Raw) {
    const result = isRaw(raw.AuthenticationResult) ? raw.AuthenticationResult : undefined;
    return { AuthenticationResult: result && { RefreshToken: text(result.RefreshToken) } };
  }
}

export class RevokeTokenCommand extends CognitoAction {
  readonly operation = 'RevokeToken';
  constructor(input: { ClientId: string; Token: string }) {
    super(input);
  }
}

export interface CognitoClient {
  send<Output>(command: CognitoCommand<Output>): Promise<Output>;
}

let client: CognitoClient | undefined;

export function cognito(): CognitoClient {
  if (client) return client;
  const cfg = getConfig();
  const call = awsJsonCaller('cognito-idp', {
    region: cfg.region,
    endpoint: process.env.COGNITO_ENDPOINT || undefined,
  });
  client = {
    async send<Output>(command: CognitoCommand<Output>): Promise<Output> {
      const { raw } = await call(command.operation, command.input);
      return command.answer(raw);
    },
  };
  return client;
}
