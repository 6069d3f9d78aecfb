import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';

/**
 * Test support: a real DNS server on loopback (UDP) answering A and AAAA queries from a fixed table, so tests
 * can give names private addresses without touching the machine's resolver. Unknown names get NXDOMAIN.
 */
export interface TestDnsServer {
  readonly address: string;
  queries(): string[];
  close(): Promise<void>;
}

function ipv6Bytes(address: string): number[] {
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = address.includes('::') ? [...groups(head), ...Array(missing).fill('0'), ...groups(tail)] : groups(address);
  return all.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

function answerRecord(address: string): Buffer {
  const v4 = isIP(address) === 4;
  const data = v4 ? address.split('.').map(Number) : ipv6Bytes(address);
  const record = Buffer.alloc(12);
  record.writeUInt16BE(0xc00c, 0); // pointer to the question's name
  record.writeUInt16BE(v4 ? 1 : 28, 2);
  record.writeUInt16BE(1, 4);
  record.writeUInt32BE(60, 6);
  record.writeUInt16BE(data.length, 10);
  return Buffer.concat([record, Buffer.from(data)]);
}

export async function startTestDnsServer(table: Record<string, readonly string[]>): Promise<TestDnsServer> {
  const socket = createSocket('udp4');
  const seen: string[] = [];
  socket.on('message', (query, peer) => {
    let offset = 12;
    const labels: string[] = [];
    while (offset < query.length && query[offset] !== 0) {
      const length = query[offset]!;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('latin1'));
      offset += length + 1;
    }
    const type = query.readUInt16BE(offset + 1);
    const questionEnd = offset + 5;
    const name = labels.join('.').toLowerCase();
    seen.push(`${name}/${type === 1 ? 'A' : type === 28 ? 'AAAA' : type}`);
    const known = table[name];
    const answers = (known ?? []).filter((address) => isIP(address) === (type === 1 ? 4 : type === 28 ? 6 : 0)).map(answerRecord);
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(known ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries: () => [...seen],
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
