/**
 * The pages' only styling, inlined (the CSP allows inline styles and nothing external). A plain
 * GOV.UK-like look: system font, black on white, yellow focus.
 */
export const PAGE_STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{background:#fff;color:#0b0c0c;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:19px;line-height:1.32;-webkit-text-size-adjust:100%}
body{margin:0;display:flex;flex-direction:column;min-height:100vh}
a{color:#1d70b8;text-decoration-thickness:1px;text-underline-offset:.15em}
a:focus{outline:3px solid transparent;background:#ffdd00;color:#0b0c0c;box-shadow:0 -2px #ffdd00,0 4px #0b0c0c;text-decoration:none}
.skip-link{position:absolute;left:-10000px;top:auto}
.skip-link:focus{position:static;display:block;padding:10px 15px}
.width{max-width:960px;margin:0 auto;padding:0 15px}
.header{background:#0b0c0c;color:#fff;border-bottom:10px solid #1d70b8}
.header .width{display:flex;flex-wrap:wrap;align-items:center;gap:10px 15px;padding-top:14px;padding-bottom:12px}
.header-title{font-size:24px;font-weight:700;letter-spacing:-.01em}
.mode-tag{display:inline-block;padding:3px 8px 2px;background:#fff;color:#0b0c0c;font-size:14px;font-weight:700;letter-spacing:.04em;text-transform:uppercase}
main.width{flex:1;width:100%;padding-top:30px;padding-bottom:45px}
h1{font-size:40px;line-height:1.1;font-weight:700;margin:0 0 20px}
h2{font-size:27px;line-height:1.15;font-weight:700;margin:0 0 15px}
p{margin:0 0 20px}
.lead{font-size:21px;max-width:40em}
.visually-hidden{position:absolute!important;width:1px!important;height:1px!important;margin:0!important;padding:0!important;overflow:hidden!important;clip:rect(0 0 0 0)!important;clip-path:inset(50%)!important;border:0!important;white-space:nowrap!important}
.error-summary{border:5px solid #d4351c;padding:20px;margin:0 0 30px}
.error-summary:focus{outline:3px solid #ffdd00;outline-offset:0}
.error-summary h2{font-size:24px}
.error-summary ul{list-style:none;margin:0;padding:0}
.error-summary li{margin-bottom:8px}
.error-summary li:last-child{margin-bottom:0}
.error-summary a{color:#d4351c;font-weight:700}
.error-summary a:focus{color:#0b0c0c}
.request{background:#f3f2f1;border-left:5px solid #1d70b8;padding:20px 20px 5px;margin:0 0 40px}
.request h2{font-size:24px}
.summary-list{display:grid;grid-template-columns:minmax(9em,28%) 1fr;margin:0 0 15px}
.summary-list dt,.summary-list dd{margin:0;padding:8px 15px 8px 0;border-bottom:1px solid #b1b4b6}
.summary-list dt{font-weight:700}
.summary-list dd{overflow-wrap:anywhere}
.summary-list div{display:contents}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.9em}
fieldset{border:0;margin:0 0 20px;padding:0;min-width:0}
legend{display:block;width:100%;padding:0;margin:0 0 20px}
legend h2{margin:0;padding-bottom:10px;border-bottom:1px solid #b1b4b6}
.form-group{margin:0 0 30px}
.form-group--error{border-left:5px solid #d4351c;padding-left:15px}
.label{display:block;font-weight:700;margin:0 0 5px}
.hint{display:block;color:#505a5f;margin:0 0 15px;max-width:40em}
.error-message{display:block;color:#d4351c;font-weight:700;margin:0 0 15px}
.input,.textarea{display:block;width:100%;border:2px solid #0b0c0c;border-radius:0;background:#fff;color:#0b0c0c;font:inherit;margin:0}
.input{max-width:34em;height:2.1em;padding:5px}
.input--short{max-width:6em}
.textarea{padding:5px 8px;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:16px;line-height:1.4;resize:vertical}
.input--error{border-color:#d4351c}
.input:focus,.textarea:focus{outline:3px solid #ffdd00;outline-offset:0;box-shadow:inset 0 0 0 2px #0b0c0c}
.checkbox{display:flex;align-items:flex-start;gap:12px}
.checkbox input{flex:none;width:34px;height:34px;margin:0;accent-color:#0b0c0c;cursor:pointer}
.checkbox input:focus{outline:3px solid #ffdd00;outline-offset:2px;box-shadow:0 0 0 2px #0b0c0c}
.checkbox .label{font-weight:400;padding-top:4px;cursor:pointer}
.checkbox .error-message{margin-bottom:10px}
.tag{display:inline-block;margin-left:8px;padding:1px 8px;background:#e5e6e7;color:#383f43;font-size:15px;font-weight:400;vertical-align:2px;white-space:nowrap}
.button{display:inline-block;margin:10px 0 0;padding:9px 14px 8px;border:2px solid transparent;border-radius:0;background:#00703c;color:#fff;box-shadow:0 2px 0 #002d18;font:inherit;line-height:1.2;cursor:pointer}
.button:hover{background:#005a30}
.button:focus{outline:3px solid transparent;border-color:#ffdd00;background:#ffdd00;color:#0b0c0c;box-shadow:0 2px 0 #0b0c0c}
.button:active{transform:translateY(2px);box-shadow:none}
.button--secondary{margin:0;background:#f3f2f1;color:#0b0c0c;box-shadow:0 2px 0 #929191;white-space:nowrap}
.button--secondary:hover{background:#dbdad9}
.forms{display:flex;flex-direction:column}.persona-form{order:-1}
.personas{margin:0 0 40px}
.personas h2{font-size:24px}
.persona-list{list-style:none;margin:0;padding:0;border-top:1px solid #b1b4b6}
.persona{display:flex;align-items:center;gap:10px 20px;padding:12px 0;border-bottom:1px solid #b1b4b6}
.persona-text{flex:1;min-width:0}
.persona-name{margin:0;font-weight:700}
.persona-description{margin:2px 0 0;color:#505a5f;font-size:16px}
.footer{background:#f3f2f1;border-top:1px solid #b1b4b6;color:#0b0c0c;font-size:16px;padding:25px 0}
.footer p{margin:0}
@media (max-width:640px){html{font-size:16px}h1{font-size:32px}h2{font-size:22px}.lead{font-size:18px}main.width{padding-top:20px}.summary-list{grid-template-columns:1fr}.summary-list dt{border-bottom:0;padding-bottom:0}.persona{flex-wrap:wrap}}
`.trim();
