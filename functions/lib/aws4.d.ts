/** The part of aws4 (SigV4 signing) that shared/aws-http.ts calls. */
declare module 'aws4' {
  export interface Aws4Request {
    service: string;
    region: string;
    method: string;
    host: string;
    /** path and query string, already URI-encoded; replaced by the signed form (query signing appends to it) */
    path: string;
    headers: Record<string, string | number>;
    body?: Buffer | string;
    signQuery?: boolean;
  }
  export interface Aws4Credentials {
    accessKeyId: string;
    secretAccessKey: string;
    sessionToken?: string;
  }
  export function sign<T extends Aws4Request>(request: T, credentials: Aws4Credentials): T;
  const aws4: { sign: typeof sign };
  export default aws4;
}
