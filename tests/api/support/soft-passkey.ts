import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey in software, for API tests: it answers the server's registration and sign-in options
 * as a platform authenticator with user verification would (ES256, attestation "none").
 */
export class SoftPasskey {
  readonly id = randomBytes(16).toString('base64url');
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts = [createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counter];
    if (attested) parts.push(Buffer.from(attested));
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to `POST /api/security/passkeys/options`. */
  register(optionsJSON: { challenge: string; rp: { id: string } }): Record<string, unknown> {
    const credentialId = Buffer.from(this.id, 'base64url');
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(isoCBOR.encode(coseKey))]);
    // User present, user verified, attested credential data.
    const authData = this.authenticatorData(optionsJSON.rp.id, 0x01 | 0x04 | 0x40, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', optionsJSON.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** The answer to `POST /api/login/passkey/options`. */
  assert(optionsJSON: { challenge: string; rpId: string }): Record<string, unknown> {
    const authData = this.authenticatorData(optionsJSON.rpId, 0x01 | 0x04);
    const clientDataJSON = this.clientData('webauthn.get', optionsJSON.challenge);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: Buffer.from('atelier-user-1').toString('base64url'),
      },
    };
  }
}
