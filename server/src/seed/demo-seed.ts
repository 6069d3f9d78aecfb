import type { Container } from '../container.ts';

export async function seedDemoContent(container: Container): Promise<void> {
  container.log.info('demo seed not yet written');
}
