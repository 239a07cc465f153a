// The S3-protocol server of a browser test run with E2E_STORAGE_DRIVER=s3 (playwright.config.ts):
// s3rver on loopback at E2E_S3_PORT with the run's bucket, its files in a temporary directory
// removed when Playwright stops it.
import { E2E_S3_BUCKET, E2E_S3_PORT } from './env';
import { startS3Server } from '../../setup/s3';

const s3 = await startS3Server({ port: E2E_S3_PORT, bucket: E2E_S3_BUCKET });
process.stdout.write(`s3 server at ${s3.endpoint}, bucket ${s3.bucket}\n`);
const stop = () => {
  void s3.stop().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
