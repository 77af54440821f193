# German texts of log.ftl (see the English file for what each message is).
