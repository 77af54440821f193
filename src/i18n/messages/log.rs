//! Messages of `log.ftl`: the turn log: what each engine event says in the board post and the replay captions.

messages! {}
