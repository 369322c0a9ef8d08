import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export type Mail = { to: string; subject: string; text: string };

/** Sends mail through SMTP_URL when configured; `send` resolves false (never throws) when it could not. */
export function createMailer(config: Pick<Config, 'smtp'>, log: FastifyBaseLogger) {
  const transport = config.smtp ? nodemailer.createTransport(config.smtp.url) : undefined;
  return {
    enabled: transport !== undefined,
    async send(mail: Mail): Promise<boolean> {
      if (!transport || !config.smtp) return false;
      try {
        await transport.sendMail({ from: config.smtp.from, ...mail });
        return true;
      } catch (error) {
        // The invitation stands either way; the admin still has the link to share.
        log.warn({ err: error, to: mail.to }, 'mail could not be sent');
        return false;
      }
    },
    close() {
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
