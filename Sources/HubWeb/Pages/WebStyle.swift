/// The pages' stylesheet, served from the hub at `/web.css` (nothing comes from another server): one
/// column on a phone, centred cards on a laptop, large touch targets, a visible keyboard focus.
enum WebStyle {
    static let css = """
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f3f2ee;color:#1d1d1b}
        a{color:#1d4f91}
        .bar{display:flex;flex-wrap:wrap;align-items:center;gap:8px 20px;padding:12px 20px;background:#1d1d1b;color:#f3f2ee}
        .bar .brand{color:#f3f2ee;font-weight:700;font-size:20px;text-decoration:none;margin-right:auto}
        .bar nav{display:flex;flex-wrap:wrap;align-items:center;gap:4px}
        .bar nav a,.bar nav button{color:#f3f2ee;text-decoration:none;padding:8px 12px;border-radius:8px;font:inherit;\
        background:none;border:0;cursor:pointer;min-height:0;width:auto;margin:0}
        .bar nav a:hover,.bar nav button:hover{background:#ffffff1f}
        .bar nav a[aria-current=page]{background:#f3f2ee;color:#1d1d1b}
        .bar nav form{margin:0}
        main{max-width:760px;margin:0 auto;padding:20px 16px 40px}
        .card{background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002;padding:20px;margin-bottom:20px}
        .card.narrow{max-width:440px;margin-left:auto;margin-right:auto}
        h1{margin:0 0 8px;font-size:26px}h2{margin:0 0 12px;font-size:20px}h3{margin:24px 0 8px;font-size:17px}
        label{display:block;font-weight:600;margin:14px 0 4px}
        .hint{font-weight:400;color:#666;font-size:14px;overflow-wrap:anywhere}label .hint{white-space:nowrap}
        input{width:100%;font:inherit;padding:10px 12px;border:1px solid #9a9a95;border-radius:8px;background:#fff;color:inherit}
        button{font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:8px;background:#1d4f91;color:#fff;\
        cursor:pointer;margin-top:16px;min-height:44px}
        button:hover{background:#163d71}
        :focus-visible{outline:3px solid #e8a317;outline-offset:2px}
        .fields{display:flex;flex-wrap:wrap;gap:0 12px;align-items:flex-end}
        .fields>div{flex:1 1 220px}.fields>div.short{flex:0 1 170px}
        .fields button{flex:0 0 auto}
        .candidates{list-style:none;margin:0;padding:0;display:grid;gap:8px}
        .candidates form{margin:0}
        button.choice{display:flex;flex-direction:column;align-items:flex-start;width:100%;margin:0;text-align:left;\
        background:#eef3fa;color:#1d1d1b;border:1px solid #c5d3e8}
        button.choice:hover{background:#dfe9f6}
        button.choice small{font-weight:400;color:#555}
        select{font:inherit;padding:10px 12px;border:1px solid #9a9a95;border-radius:8px;background:#fff;color:inherit;width:100%}
        .rows{list-style:none;margin:0;padding:0}
        .rows>li{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;\
        padding:12px 0;border-top:1px solid #e4e3de}
        .rows>li:first-child{border-top:0}
        .rows>li>div{display:flex;flex-direction:column;min-width:0;flex:1 1 240px}
        .rows small{color:#555}
        .chart svg{display:block;max-width:100%;height:auto;margin-top:6px;background:#f7f6f2;border-radius:4px}
        .rows form{margin:0}
        .rows form.fields{flex-wrap:nowrap;flex:0 1 auto}.rows form.fields>div{flex:0 1 200px}
        .settings{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:0 16px;align-items:end}
        .settings button{justify-self:start}.settings .wide{grid-column:1/-1}
        .widget{display:flex;flex-wrap:wrap;gap:0 8px;align-items:end;border:1px solid #e4e3de;border-radius:8px;\
        padding:4px 12px 8px;margin:0 0 12px}.widget>div{flex:1 1 64px}.widget>div.pick{flex:2 1 140px}\
        .widget legend{font-weight:600;padding:0 4px}
        details{margin:16px 0 0;border-top:1px solid #e4e3de;padding-top:12px}
        summary{font-weight:600;cursor:pointer;min-height:44px;display:flex;align-items:center}
        .buttons{display:flex;flex-wrap:wrap;gap:0 12px}
        label.check{display:flex;gap:10px;align-items:flex-start;font-weight:400}label.check input{width:auto;margin-top:5px}
        button.secondary{background:#eef3fa;color:#1d4f91;border:1px solid #c5d3e8}button.secondary:hover{background:#dfe9f6}
        .difference{margin:8px 0;padding:8px;background:#fff8e5;border:1px solid #e8cf8a;border-radius:6px;font-size:13px;\
        white-space:pre-wrap;overflow-wrap:anywhere}
        .log{margin:8px 0 0;padding:8px;background:#f6f6f3;border-radius:6px;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere}
        button.danger{background:#a33a2b}button.danger:hover{background:#86301f}
        .notice{background:#e5f3e5;border:1px solid #9ccc9c;padding:10px 14px;border-radius:8px}
        .problem{background:#fbeaea;border:1px solid #e0a3a3;padding:10px 14px;border-radius:8px}
        code{background:#eee;padding:1px 5px;border-radius:4px;font-size:14px;overflow-wrap:anywhere}
        .frame{margin:16px 0 0}
        .frame img{display:block;max-width:100%;height:auto;image-rendering:pixelated;border:1px solid #bbb}
        .frame figcaption{color:#666;font-size:14px;margin-top:4px}
        @media (min-width:900px){main{padding-top:32px}}
        @media (max-width:480px){.bar{padding:10px 12px}.bar nav{gap:0}.bar nav a,.bar nav button{padding:8px}\
        .rows form.fields{flex-wrap:wrap;flex:1 1 100%}.rows form.fields>div{flex:1 1 40%}}
        """
}
