-- Appointment mails carry a calendar file (.ics) (issue 14, ADR 021). The outbox keeps it with the message so a
-- delivery after a restart, or from another instance, sends the same attachment. Calendar files hold no secret and
-- no health detail (the manage link's token is only in the bodies, where it is withheld; ADR 013).
alter table mail_messages add column attachments jsonb;
