# German texts of panel.ftl (see the English file for what each message is).
