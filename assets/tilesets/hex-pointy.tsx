<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hex-pointy" tilewidth="56" tileheight="64" tilecount="12" columns="6">
 <image source="hex-pointy.png" width="336" height="128"/>
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="concealment" propertytype="Concealment" value="partial"/>
   <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="3" type="terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
   <property name="terrain" value="rubble"/>
  </properties>
 </tile>
 <tile id="4" type="terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="5" type="terrain">
  <properties>
   <property name="obstacle" propertytype="Obstacle" value="low"/>
   <property name="terrain" value="low wall"/>
  </properties>
 </tile>
 <tile id="6" type="terrain">
  <properties>
   <property name="impassable" type="bool" value="true"/>
   <property name="obstacle" propertytype="Obstacle" value="wall"/>
   <property name="terrain" value="stone wall"/>
  </properties>
 </tile>
 <tile id="7" type="terrain">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="terrain" value="fog"/>
  </properties>
 </tile>
 <tile id="8" type="terrain">
  <properties>
   <property name="exit" type="bool" value="true"/>
   <property name="terrain" value="exit"/>
  </properties>
 </tile>
 <tile id="9" type="terrain">
  <properties>
   <property name="elevation" type="int" value="1"/>
   <property name="terrain" value="hill"/>
  </properties>
 </tile>
 <tile id="10" type="terrain">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" propertytype="Concealment" value="total"/>
   <property name="terrain" value="darkness"/>
  </properties>
 </tile>
 <tile id="11" type="terrain">
  <properties>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <wangsets>
  <wangset name="Terrain" type="mixed" tile="0">
   <wangcolor name="grass" color="#4caf50" tile="0" probability="1"/>
   <wangcolor name="road" color="#b08d57" tile="1" probability="1"/>
   <wangcolor name="forest" color="#1b5e20" tile="2" probability="1"/>
   <wangcolor name="rubble" color="#8d6e63" tile="3" probability="1"/>
   <wangcolor name="water" color="#2196f3" tile="4" probability="1"/>
   <wangcolor name="low wall" color="#9e9e9e" tile="5" probability="1"/>
   <wangcolor name="stone wall" color="#424242" tile="6" probability="1"/>
   <wangcolor name="fog" color="#cfd8dc" tile="7" probability="1"/>
   <wangcolor name="exit" color="#ffeb3b" tile="8" probability="1"/>
   <wangcolor name="hill" color="#a1887f" tile="9" probability="1"/>
   <wangcolor name="darkness" color="#000000" tile="10" probability="1"/>
   <wangcolor name="floor" color="#d7ccc8" tile="11" probability="1"/>
   <wangtile tileid="0" wangid="1,1,1,1,1,1,1,1"/>
   <wangtile tileid="1" wangid="2,2,2,2,2,2,2,2"/>
   <wangtile tileid="2" wangid="3,3,3,3,3,3,3,3"/>
   <wangtile tileid="3" wangid="4,4,4,4,4,4,4,4"/>
   <wangtile tileid="4" wangid="5,5,5,5,5,5,5,5"/>
   <wangtile tileid="5" wangid="6,6,6,6,6,6,6,6"/>
   <wangtile tileid="6" wangid="7,7,7,7,7,7,7,7"/>
   <wangtile tileid="7" wangid="8,8,8,8,8,8,8,8"/>
   <wangtile tileid="8" wangid="9,9,9,9,9,9,9,9"/>
   <wangtile tileid="9" wangid="10,10,10,10,10,10,10,10"/>
   <wangtile tileid="10" wangid="11,11,11,11,11,11,11,11"/>
   <wangtile tileid="11" wangid="12,12,12,12,12,12,12,12"/>
  </wangset>
 </wangsets>
</tileset>
