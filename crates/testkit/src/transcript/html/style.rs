//! The dark theme's CSS, every page's `<style>`. Apart because it is Discord's look,
//! tuned against screenshots, and changes for reasons of its own, not with the markup
//! that carries its class names.

pub(super) const STYLE: &str = r#"
body{margin:0;background:#313338;color:#dbdee1;font:16px/1.375 "Noto Sans","gg sans","Helvetica Neue",Arial,sans-serif;padding-bottom:24px}
.who{background:#1e1f22;color:#f2f3f5;font-weight:600;padding:10px 16px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.chan{color:#f2f3f5;font-weight:600;padding:12px 16px;border-bottom:1px solid #26272b;margin-bottom:8px;box-shadow:0 1px 0 rgba(0,0,0,.2)}
.hash{color:#80848e;margin-right:6px}
.sub{color:#949ba4;font-weight:400;font-size:14px}
.msg{position:relative;padding:2px 48px 2px 72px;margin-top:17px;min-height:44px}
.msg.grouped{margin-top:0;min-height:0}
.msg.eph{background:rgba(88,101,242,.05)}
.avatar{position:absolute;left:16px;top:2px;width:40px;height:40px;border-radius:50%;background:#5865f2;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700}
.used{color:#b5bac1;font-size:14px;margin-left:-56px;padding-left:56px;margin-bottom:2px;position:relative}
.used::before{content:"";position:absolute;left:36px;top:9px;width:16px;height:10px;border-left:2px solid #4e5058;border-top:2px solid #4e5058;border-top-left-radius:6px}
.used b{color:#f2f3f5;font-weight:500}
.used .cmd{color:#00a8fc}
.name{color:#f2f3f5;font-weight:500}
.app{background:#5865f2;color:#fff;font-size:10px;font-weight:600;border-radius:3px;padding:1px 4px;margin-left:4px;vertical-align:2px}
.time{color:#949ba4;font-size:12px;margin-left:6px}
.edited{color:#949ba4;font-size:10px;margin-left:3px}
.content{white-space:normal;overflow-wrap:anywhere}
.content .line{min-height:1.375em}
.h1{font-size:24px;font-weight:700;color:#f2f3f5;margin:8px 0 4px}
.h2{font-size:20px;font-weight:700;color:#f2f3f5;margin:8px 0 4px}
.h3{font-size:16px;font-weight:700;color:#f2f3f5;margin:8px 0 4px}
.subtext{font-size:13px;color:#949ba4}
.quote{border-left:4px solid #4e5058;padding-left:12px}
.ts{background:rgba(78,80,88,.48);border-radius:3px;padding:0 2px}
.mention{background:rgba(88,101,242,.3);color:#c9cdfb;border-radius:3px;padding:0 2px;font-weight:500}
code{background:#2b2d31;border-radius:4px;padding:0 3px;font-size:85%}
.thinking{color:#949ba4;font-style:italic}
.embed{display:flex;max-width:520px;background:#2b2d31;border-radius:4px;margin-top:4px;border-left:4px solid #1e1f22}
.embed .inner{padding:8px 16px 16px 12px;min-width:0}
.embed .title{color:#f2f3f5;font-weight:600;margin-top:8px}
.embed .desc{font-size:14px;margin-top:8px}
.embed .fields{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin-top:8px}
.embed .field{grid-column:1/4;font-size:14px}
.embed .field.inline{grid-column:auto}
.embed .fname{font-weight:600;color:#f2f3f5;margin-bottom:2px}
.embed .footer{font-size:12px;color:#949ba4;margin-top:8px}
img.att{display:block;border-radius:8px;max-width:100%;height:auto}
.media{display:block;max-width:100%}
.imgbox{position:relative;display:inline-block;max-width:100%;margin-top:8px;vertical-align:top}
.alt-badge{position:absolute;left:8px;bottom:8px;background:rgba(0,0,0,.72);color:#fff;font-size:11px;font-weight:700;letter-spacing:.03em;line-height:16px;padding:0 5px;border-radius:4px}
.alt-badge.none{background:#d22d39}
.alt-text{font-size:12px;line-height:18px;color:#b5bac1;max-width:550px;margin-top:4px;overflow-wrap:anywhere}
.alt-text b{font-size:10px;background:#4e5058;color:#fff;border-radius:3px;padding:0 4px;margin-right:4px}
.alt-text.none{color:#f57731;font-weight:600}
.imgbox.spoiler{overflow:hidden;border-radius:8px}.spoiler img.att{filter:blur(44px)}.spoiler>.spoiler-label{position:absolute;top:50%;left:50%;transform:translate(-50%,-50%);padding:8px 12px;border-radius:20px;background:#000c;color:#fff;font-weight:600;font-size:15px;letter-spacing:.04em}
.embed .imgbox{margin-top:16px}
.embed img.att{border-radius:4px}
.embed .alt-text{max-width:400px}
.rows{margin-top:4px}
.row{display:flex;flex-wrap:wrap;gap:8px;margin:4px 0}
.btn{display:inline-flex;align-items:center;height:32px;padding:0 16px;border-radius:8px;font-size:14px;font-weight:500;color:#fff;background:#4e5058;white-space:nowrap;max-width:100%;overflow:hidden;text-overflow:ellipsis}
.btn.s1{background:#5865f2}.btn.s3{background:#00863a}.btn.s4{background:#d22d39}.btn.s5{background:#4e5058}
.btn.off{opacity:.5;cursor:not-allowed}
.select{display:flex;justify-content:space-between;align-items:center;width:100%;max-width:400px;height:40px;padding:0 12px;box-sizing:border-box;background:#1e1f22;border:1px solid #1e1f22;border-radius:4px;color:#949ba4;font-size:15px}
.select .chev{color:#b5bac1}
.select.off{opacity:.5}
.select.open{border-color:#5865f2;border-radius:4px 4px 0 0}
.menu{max-width:400px;box-sizing:border-box;background:#2b2d31;border:1px solid #1e1f22;border-top:0;border-radius:0 0 4px 4px;padding:4px 0;margin:-4px 0 4px;box-shadow:0 8px 16px rgba(0,0,0,.24)}
.opt{display:flex;align-items:center;gap:8px;padding:8px 12px;min-height:24px}
.opt.chosen{background:#393c41}
.oemoji{font-size:18px;width:22px;text-align:center;flex:none}
.otext{flex:1;min-width:0}
.olabel{color:#f2f3f5;font-size:15px;font-weight:500}
.odesc{color:#b5bac1;font-size:13px;line-height:17px}
.tick{color:#5865f2;font-weight:700;flex:none}
.eph-note{font-size:12px;color:#949ba4;margin-top:4px}
.step{font-size:11px;color:#b5bac1;background:#3f4147;border-radius:3px;display:inline-block;padding:0 6px;margin:2px 0}
.eph-note a{color:#00a8fc}
.threadbox{margin-top:6px;max-width:480px;background:#2b2d31;border-radius:4px;padding:8px 12px;font-size:14px}
.threadbox b{color:#f2f3f5}
@media (max-width:600px){
 body{font-size:15px}
 .msg{padding:2px 12px 2px 60px}
 .avatar{left:10px;width:40px;height:40px}
 .used{margin-left:-48px;padding-left:48px}
 .used::before{left:28px}
 .embed{max-width:100%}
 .embed .fields{grid-template-columns:1fr}
 .embed .field.inline{grid-column:1/2}
}
"#;
